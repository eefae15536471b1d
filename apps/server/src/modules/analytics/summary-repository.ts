import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

export const DAY_MS = 86_400_000;
/** The UTC day an hour lies in (the summaries' days). */
const DAY_OF = sql`date_bin('1 day', hour, timestamptz '2000-01-01 00:00:00+00')`;
const TIME_SUMS = sql`sum(online_ms), sum(busy_ms), sum(idle_ms), sum(charging_ms), sum(sleep_ms), sum(alarm_ms), sum(other_ms),
  sum(available_ms)`;
const TIME_NAMES = ['online_ms', 'busy_ms', 'idle_ms', 'charging_ms', 'sleep_ms', 'alarm_ms', 'other_ms', 'available_ms'];
const TIME_COLUMNS = sql.raw(TIME_NAMES.join(', '));
const at = (t: number) => sql`${new Date(t).toISOString()}::timestamptz`;
const within = (column: SQL, from: number, to: number) => sql`${column} >= ${at(from)} and ${column} < ${at(to)}`;

/** The whole UTC days a range touches, as a range. */
export const daysAround = (range: { from: number; to: number }) => ({
  from: Math.floor(range.from / DAY_MS) * DAY_MS,
  to: Math.ceil(range.to / DAY_MS) * DAY_MS,
});

/**
 * Replaces the per-robot daily sums of these robots (all, when `sns` is null) for the UTC days
 * the hours [from, to) lie in, summed again from `analytics_robot_hours`: a rebuild, under the
 * robots' own locks after their hours were replaced (the roll-up adds differences instead:
 * `addToRobotDays`), and bench/analytics/fill.ts.
 */
export async function refreshRobotDays(db: Database, sns: readonly string[] | null, range: { from: number; to: number }) {
  const days = daysAround(range);
  const robots =
    sns === null
      ? sql`true`
      : sql`sn in (${sql.join(
          sns.map((sn) => sql`${sn}`),
          sql`, `,
        )})`;
  await db.execute(sql`delete from analytics_robot_days where ${robots} and ${within(sql`day`, days.from, days.to)}`);
  await db.execute(sql`insert into analytics_robot_days (sn, day, track_id, ${TIME_COLUMNS})
    select sn, ${DAY_OF}, track_id, ${TIME_SUMS} from analytics_robot_hours
    where ${robots} and ${within(sql`hour`, days.from, days.to)} group by sn, ${DAY_OF}, track_id`);
}

/** A robot-hour's time in TIME_COLUMNS' order, as a recompute removed or wrote it. */
export type HourTimes = { sn: string; hour: number; trackId: number; ms: readonly number[] };

/**
 * Brings these robots' daily sums up to date after some of their hourly rows were replaced
 * (`removed` by `written`): each robot, UTC day and track gets the difference of its hours added
 * (whole milliseconds: exact), so the day's other hours are not read again; a day row left
 * without any hourly row is removed. Called by the roll-up under the robots' own locks, after
 * their hours were written (rollup-repository.ts), on day rows that are their hours' sums.
 */
export async function addToRobotDays(db: Database, removed: readonly HourTimes[], written: readonly HourTimes[]) {
  const days = new Map<string, { sn: string; day: number; trackId: number; ms: number[]; was: boolean; is: boolean }>();
  const add = (h: HourTimes, sign: 1 | -1) => {
    const day = Math.floor(h.hour / DAY_MS) * DAY_MS;
    const key = `${h.sn}\n${day}\n${h.trackId}`;
    let sum = days.get(key);
    if (!sum) {
      sum = { sn: h.sn, day, trackId: h.trackId, ms: h.ms.map(() => 0), was: false, is: false };
      days.set(key, sum);
    }
    for (let i = 0; i < h.ms.length; i++) sum.ms[i] += sign * h.ms[i];
    if (sign < 0) sum.was = true;
    else sum.is = true;
  };
  for (const h of removed) add(h, -1);
  for (const h of written) add(h, 1);
  // A day row exists whenever one of its hours does: unchanged sums of a day that had hours need no write.
  const changed = [...days.values()].filter((d) => !d.was || d.ms.some((ms) => ms !== 0));
  if (changed.length > 0) {
    const column = (pick: (d: (typeof changed)[number]) => unknown) => sql.param(changed.map(pick));
    const times = TIME_NAMES.map((_, i) => sql`${column((d) => d.ms[i])}::bigint[]`);
    await db.execute(sql`insert into analytics_robot_days (sn, day, track_id, ${TIME_COLUMNS})
      select * from unnest(${column((d) => d.sn)}::varchar[], ${column((d) => new Date(d.day).toISOString())}::timestamptz[],
        ${column((d) => d.trackId)}::int[], ${sql.join(times, sql`, `)})
      on conflict (sn, day, track_id) do update set ${sql.join(
        TIME_NAMES.map((name) => sql.raw(`${name} = analytics_robot_days.${name} + excluded.${name}`)),
        sql`, `,
      )}`);
  }
  const gone = [...days.values()].filter((d) => d.was && !d.is);
  if (gone.length > 0) {
    const column = (pick: (d: (typeof gone)[number]) => unknown) => sql.param(gone.map(pick));
    await db.execute(sql`delete from analytics_robot_days d using unnest(${column((d) => d.sn)}::varchar[],
        ${column((d) => new Date(d.day).toISOString())}::timestamptz[], ${column((d) => d.trackId)}::int[]) as k(sn, day, track_id)
      where d.sn = k.sn and d.day = k.day and d.track_id = k.track_id and not exists (select 1 from analytics_robot_hours h
        where h.sn = k.sn and h.track_id = k.track_id and h.hour >= k.day and h.hour < k.day + interval '1 day')`);
  }
}

/**
 * Replaces the per-track summaries of the hours [from, to) (and the per-table days they lie in)
 * of these tracks (all, when null) from the hourly rollups of every robot. They sum several robots, which other transactions (other
 * instances) may be recomputing at once, so this takes one lock for them all: whoever refreshes
 * last reads after the others committed, and the last refresh of an hour includes every robot's.
 * The lock is taken after the robots' own locks, by everyone, so the order cannot deadlock.
 */
export async function refreshTrackSummaries(
  db: Database,
  range: { from: number; to: number },
  trackIds: readonly number[] | null = null,
) {
  if (trackIds?.length === 0) return;
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('analytics:summaries'))`);
  const onTracks =
    trackIds === null
      ? sql`true`
      : sql`track_id in (${sql.join(
          trackIds.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const hours = sql`${onTracks} and ${within(sql`hour`, range.from, range.to)}`;
  await db.execute(sql`delete from analytics_track_hours where ${hours}`);
  await db.execute(sql`insert into analytics_track_hours (track_id, hour, ${TIME_COLUMNS}, distance, unknown_points, charge_cycles)
    select track_id, hour, ${TIME_SUMS}, sum(distance), sum(unknown_points), sum(charge_cycles)
    from analytics_robot_hours where ${hours} group by track_id, hour`);
  await db.execute(sql`delete from analytics_track_delivery_hours where ${hours}`);
  await db.execute(sql`insert into analytics_track_delivery_hours (track_id, hour, delivered, delivery_ms, dwell_ms, dwells,
      aborted_new_target, aborted_alarm, aborted_offline, aborted_other)
    select track_id, hour, sum(delivered), sum(delivery_ms), sum(dwell_ms), sum(dwells), sum(aborted_new_target),
      sum(aborted_alarm), sum(aborted_offline), sum(aborted_other)
    from analytics_delivery_hours where ${hours} group by track_id, hour`);
  const days = daysAround(range);
  await db.execute(sql`delete from analytics_target_days where ${onTracks} and ${within(sql`day`, days.from, days.to)}`);
  await db.execute(sql`insert into analytics_target_days (track_id, day, target, delivered, delivery_ms, aborted)
    select track_id, ${DAY_OF}, target, sum(delivered), sum(delivery_ms),
      sum(aborted_new_target + aborted_alarm + aborted_offline + aborted_other)
    from analytics_delivery_hours where ${onTracks} and ${within(sql`hour`, days.from, days.to)}
    group by track_id, ${DAY_OF}, target`);
}
