import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { hoursOf } from './buckets.ts';
import {
  arrayOf,
  inPeriod,
  num,
  type Period,
  type ReadOptions,
  rowsOf,
  type Scope,
  scopeWhere,
  TIME_SUMS,
  time,
  timeColumns,
} from './query-sql.ts';

export type { Period, ReadOptions, Scope } from './query-sql.ts';

/**
 * Rows summed per bucket (day or hour in the reader's zone) and track. `hour` is the row's hour
 * where it matters (a track whose session has opening hours), else the bucket's start.
 */
export type HourTrackRow = {
  hour: number;
  bucket: number;
  trackId: number;
  onlineMs: number;
  busyMs: number;
  idleMs: number;
  chargingMs: number;
  sleepMs: number;
  alarmMs: number;
  otherMs: number;
  availableMs: number;
  distance: number;
  unknownPoints: number;
  chargeCycles: number;
};

export type DeliveryHourRow = {
  hour: number;
  bucket: number;
  trackId: number;
  delivered: number;
  deliveryMs: number;
  dwellMs: number;
  dwells: number;
  newTarget: number;
  alarm: number;
  offline: number;
  other: number;
};

/** How rows are gathered: each hour's bucket, the tracks whose hours stay apart (opening hours apply), and a key naming both. */
export type Bucketing = { bucket: (hour: number) => number; hourly: ReadonlySet<number>; key: string };

/** The summaries hold every robot of a track: a robot's figures, and the check, read the robots' own rows. */
const fromRobots = (scope: Scope, options: ReadOptions) => scope.kind === 'robot' || options.raw === true;

/**
 * The period's buckets as runs of hours: the grouping happens in the database (`width_bucket`
 * over each run's first hour), so a fleet's 90 days are a few thousand rows, bucketed exactly as
 * the API buckets (`bucketing.bucket`).
 */
function runsOf(period: Period, bucketing: Bucketing) {
  const starts: number[] = [];
  const buckets: number[] = [];
  for (const hour of hoursOf(period.from, period.to)) {
    const bucket = bucketing.bucket(hour);
    if (buckets.at(-1) !== bucket) {
      starts.push(hour);
      buckets.push(bucket);
    }
  }
  const iso = (t: number) => new Date(t).toISOString();
  const run = sql`width_bucket(hour, ${arrayOf(starts.map(iso))}::timestamptz[])`;
  return { run, bucketOf: (r: Record<string, unknown>) => buckets[num(r.run) - 1] };
}

export async function robotHoursByTrack(
  db: Database,
  scope: Scope,
  period: Period,
  bucketing: Bucketing,
  options: ReadOptions = {},
): Promise<HourTrackRow[]> {
  const table = fromRobots(scope, options) ? sql`analytics_robot_hours` : sql`analytics_track_hours`;
  const { run, bucketOf } = runsOf(period, bucketing);
  const rows = await rowsOf(
    db,
    sql`select ${run} run, track_id, case when track_id = any(${arrayOf([...bucketing.hourly])}::int[]) then hour end as at,
      ${TIME_SUMS}, sum(distance) distance, sum(unknown_points) unknown, sum(charge_cycles) cycles
      from ${table} where ${scopeWhere(scope)} and ${inPeriod(period)} group by 1, 2, 3`,
  );
  return rows.map((r) => ({
    hour: r.at === null ? bucketOf(r) : time(r.at),
    bucket: bucketOf(r),
    trackId: num(r.track_id),
    ...timeColumns(r),
    distance: num(r.distance),
    unknownPoints: num(r.unknown),
    chargeCycles: num(r.cycles),
  }));
}

const DELIVERY_SUMS = sql`sum(delivered) delivered, sum(delivery_ms) delivery_ms, sum(dwell_ms) dwell_ms, sum(dwells) dwells,
  sum(aborted_new_target) new_target, sum(aborted_alarm) alarm, sum(aborted_offline) offline, sum(aborted_other) other`;

export async function deliveriesByHour(
  db: Database,
  scope: Scope,
  period: Period,
  bucketing: Bucketing,
  options: ReadOptions = {},
): Promise<DeliveryHourRow[]> {
  const table = fromRobots(scope, options) ? sql`analytics_delivery_hours` : sql`analytics_track_delivery_hours`;
  const { run, bucketOf } = runsOf(period, bucketing);
  const rows = await rowsOf(
    db,
    sql`select ${run} run, track_id, ${DELIVERY_SUMS} from ${table} where ${scopeWhere(scope)} and ${inPeriod(period)} group by 1, 2`,
  );
  return rows.map((r) => ({
    hour: bucketOf(r),
    bucket: bucketOf(r),
    trackId: num(r.track_id),
    delivered: num(r.delivered),
    deliveryMs: num(r.delivery_ms),
    dwellMs: num(r.dwell_ms),
    dwells: num(r.dwells),
    newTarget: num(r.new_target),
    alarm: num(r.alarm),
    offline: num(r.offline),
    other: num(r.other),
  }));
}

/** Deliveries per hour of the period, every track summed (the heat map). */
export async function deliveredPerHour(db: Database, scope: Scope, period: Period, options: ReadOptions = {}) {
  const table = fromRobots(scope, options) ? sql`analytics_delivery_hours` : sql`analytics_track_delivery_hours`;
  const rows = await rowsOf(
    db,
    sql`select hour, sum(delivered) delivered from ${table} where ${scopeWhere(scope)} and ${inPeriod(period)} group by hour`,
  );
  return rows.map((r) => ({ hour: time(r.hour), delivered: num(r.delivered) }));
}

/** Every track: its name and session. */
export async function trackDirectory(db: Database) {
  const rows = await rowsOf(db, sql`select id, name, session_id from tracks`);
  return new Map(
    rows.map((r) => [num(r.id), { name: String(r.name), sessionId: r.session_id === null ? null : num(r.session_id) }]),
  );
}

/** These tracks' saved maps (for table names); a map is large, so only the tracks asked for. */
export async function trackMaps(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, unknown>();
  const rows = await rowsOf(db, sql`select id, map from tracks where id = any(${arrayOf(ids)}::int[])`);
  return new Map(rows.map((r) => [num(r.id), r.map]));
}

/** These robots' names as the console shows them (a robot since removed: its serial number). */
export async function robotNames(db: Database, sns: readonly string[]) {
  const names = new Map(sns.map((sn) => [sn, sn]));
  if (sns.length === 0) return names;
  const rows = await rowsOf(
    db,
    sql`select sn, coalesce(console_name, reported_name, sn) as name from robots where sn in (${sql.join(
      sns.map((sn) => sql`${sn}`),
      sql`, `,
    )})`,
  );
  for (const r of rows) names.set(String(r.sn), String(r.name));
  return names;
}

/** Whether the scope names something that exists. */
export async function scopeExists(db: Database, scope: Scope) {
  if (scope.kind === 'fleet') return true;
  const query =
    scope.kind === 'session'
      ? sql`select 1 from sessions where id = ${scope.id}`
      : scope.kind === 'track'
        ? sql`select 1 from tracks where id = ${scope.id}`
        : sql`select 1 from robots where sn = ${scope.sn}`;
  return (await rowsOf(db, query)).length > 0;
}
