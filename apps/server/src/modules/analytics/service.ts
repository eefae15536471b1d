import {
  type AnalyticsAvailability,
  type AnalyticsDeliveries,
  type AnalyticsQuery,
  type AnalyticsSummary,
  type AnalyticsToday,
  type AnalyticsTodayQuery,
  type AnalyticsUtilisation,
  mapTables,
  type TrackMap,
  UTILISATION_STATES,
} from '@railserve/protocol';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { bucketer, localTime } from './buckets.ts';
import { abortedOf, availableMs, byBucket, figuresOf, openMsByBucket, type PeriodData, ratio, sum } from './figures.ts';
import { periodReads, scopeKeyOf } from './period-reads.ts';
import {
  type Period,
  type ReadOptions,
  robotNames,
  type Scope,
  scopeExists,
  trackDirectory,
  trackMaps,
} from './query-repository.ts';
import { readOpeningHours } from './settings-repository.ts';

type ScopeQuery = Pick<AnalyticsQuery, 'sessionId' | 'trackId' | 'robotSn'>;

function scopeOf(q: ScopeQuery): Scope {
  if (q.sessionId !== undefined) return { kind: 'session', id: q.sessionId };
  if (q.trackId !== undefined) return { kind: 'track', id: q.trackId };
  if (q.robotSn !== undefined) return { kind: 'robot', sn: q.robotSn };
  return { kind: 'fleet' };
}

/** A scope naming nothing is the caller's mistake: 400 `not_found` (not a 404: the path exists), with the field it came from. */
async function checkedScope(db: Database, q: ScopeQuery) {
  const scope = scopeOf(q);
  if (!(await scopeExists(db, scope))) {
    const field = scope.kind === 'session' ? 'sessionId' : scope.kind === 'track' ? 'trackId' : 'robotSn';
    throw badRequest('not_found', `No such ${scope.kind}: ${field}`, [{ path: ['querystring', field], message: 'not_found' }]);
  }
  return scope;
}

type Loaded = {
  current: PeriodData;
  previous: PeriodData;
  tracks: Awaited<ReturnType<typeof trackDirectory>>;
  bucket: (h: number) => number;
};

type Directory = Awaited<ReturnType<typeof trackDirectory>>;

/** A request's reads of periods; a session's key waits for the track directory (read once per request). */
function readsFor(db: Database, scope: Scope, directory: Promise<Directory>, options: ReadOptions) {
  const key = directory.then((tracks) => scopeKeyOf(scope, tracks));
  // Awaited only where a cache is kept; a failed read of the tracks reaches the caller through `load`.
  key.catch(() => {});
  return periodReads(db, scope, key, options);
}

async function load(
  db: Database,
  q: AnalyticsQuery,
  now = Date.now(),
  options: ReadOptions = {},
  directory = trackDirectory(db),
): Promise<Loaded> {
  const scope = await checkedScope(db, q);
  const [tracks, opening] = await Promise.all([directory, readOpeningHours(db)]);
  const sessionOf = (trackId: number) => tracks.get(trackId)?.sessionId ?? null;
  const bucket = bucketer(q.tz, q.granularity);
  // Opening hours are read per hour: those tracks' rows keep their hours, the others' are summed per bucket.
  const hourly = new Set([...tracks.keys()].filter((id) => opening.has(sessionOf(id) ?? -1)));
  const bucketing = { bucket, hourly, key: `${q.tz}|${q.granularity}|${[...hourly].join(',')}` };
  const reads = readsFor(db, scope, directory, options);
  const period = async (p: Period): Promise<PeriodData> => {
    const [hours, deliveries, robots] = await Promise.all([
      reads.hours(p, bucketing),
      reads.deliveries(p, bucketing),
      reads.robots(p),
    ]);
    return { period: p, now, hours, deliveries, robots, sessionOf, opening };
  };
  const from = Date.parse(q.from);
  const to = Date.parse(q.to);
  const [current, previous] = await Promise.all([period({ from, to }), period({ from: from - (to - from), to: from })]);
  return { current, previous, tracks, bucket };
}

const iso = (t: number) => new Date(t).toISOString();

function summaryOf({ current, previous, bucket }: Loaded): AnalyticsSummary {
  const hours = byBucket(current.period, bucket, current.hours);
  const deliveries = byBucket(current.period, bucket, current.deliveries);
  const series = [...hours].map(([t, rows]) => {
    const d = deliveries.get(t) ?? [];
    return {
      t: iso(t),
      deliveries: sum(d, (r) => r.delivered),
      aborted: sum(d, abortedOf),
      distance: sum(rows, (r) => r.distance),
    };
  });
  return { summary: figuresOf(current), previous: figuresOf(previous), series };
}

export const summary = async (db: Database, q: AnalyticsQuery, options: ReadOptions = {}) =>
  summaryOf(await load(db, q, Date.now(), options));

/** Midnight today in `tz`, as an instant. */
function startOfToday(tz: string, now: number) {
  const local = localTime(now, tz);
  const seconds = Math.floor((now % 60_000) / 1000) * 1000 + (now % 1000);
  return now - local.hour * 3_600_000 - local.minute * 60_000 - seconds;
}

/**
 * Today's summary (the dashboard) with each track's deliveries and utilisation so far: the range
 * is the server's choice, so no level reads further back with it.
 */
export async function todaySummary(
  db: Database,
  q: AnalyticsTodayQuery,
  now = Date.now(),
  options: ReadOptions = {},
): Promise<AnalyticsToday> {
  const from = startOfToday(q.tz, now);
  const loaded = await load(db, { ...q, from: iso(from), to: iso(from + 86_400_000), granularity: 'hour' }, now, options);
  const { hours, deliveries } = loaded.current;
  const trackIds = [...new Set([...hours, ...deliveries].map((r) => r.trackId).filter((id) => id !== 0))];
  const byTrack = trackIds.map((trackId) => {
    const h = hours.filter((r) => r.trackId === trackId);
    const d = deliveries.filter((r) => r.trackId === trackId);
    return {
      trackId,
      name: loaded.tracks.get(trackId)?.name ?? String(trackId),
      deliveries: sum(d, (r) => r.delivered),
      aborted: sum(d, abortedOf),
      utilisation: ratio(
        sum(h, (r) => r.busyMs),
        sum(h, (r) => r.onlineMs),
      ),
    };
  });
  byTrack.sort((a, b) => a.name.localeCompare(b.name));
  return { ...summaryOf(loaded), byTrack };
}

export async function deliveries(db: Database, q: AnalyticsQuery, read: ReadOptions = {}): Promise<AnalyticsDeliveries> {
  // The heat map and the tables are read beside the period's figures (load checks the scope exists).
  const scope = scopeOf(q);
  const period = { from: Date.parse(q.from), to: Date.parse(q.to) };
  const directory = trackDirectory(db);
  directory.catch(() => {}); // awaited by load, which may refuse the scope first
  const reads = readsFor(db, scope, directory, read);
  const [{ current, previous, bucket }, perHour, tableRows] = await Promise.all([
    load(db, q, Date.now(), read, directory),
    reads.perHour(period),
    reads.tables(period),
  ]);
  const series = [...byBucket(current.period, bucket, current.deliveries)].map(([t, rows]) => {
    const delivered = sum(rows, (r) => r.delivered);
    return {
      t: iso(t),
      deliveries: delivered,
      aborted: sum(rows, abortedOf),
      meanDeliveryMs: ratio(
        sum(rows, (r) => r.deliveryMs),
        delivered,
      ),
    };
  });
  const byWeekdayHour = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
  for (const row of perHour) {
    const local = localTime(row.hour, q.tz);
    byWeekdayHour[local.weekday][local.hour] += row.delivered;
  }
  const maps = await trackMaps(db, [...new Set(tableRows.map((r) => r.trackId))]);
  const names = (trackId: number, target: number) => {
    const map = maps.get(trackId) as TrackMap | null | undefined;
    return map?.points
      ? mapTables(map)
          .filter((t) => t.point === target)
          .map((t) => t.name)
      : [];
  };
  const byTable = tableRows
    .map((r) => ({
      trackId: r.trackId === 0 ? null : r.trackId,
      target: r.target,
      tables: names(r.trackId, r.target),
      deliveries: r.delivered,
      aborted: r.aborted,
      meanDeliveryMs: ratio(r.deliveryMs, r.delivered),
    }))
    .sort((a, b) => b.deliveries - a.deliveries || a.target - b.target);
  const d = current.deliveries;
  const abortedByReason = {
    new_target: sum(d, (r) => r.newTarget),
    alarm: sum(d, (r) => r.alarm),
    offline: sum(d, (r) => r.offline),
    other: sum(d, (r) => r.other),
  };
  return { summary: figuresOf(current), previous: figuresOf(previous), series, byTable, byWeekdayHour, abortedByReason };
}

const stateMsOf = (
  rows: readonly { busyMs: number; idleMs: number; chargingMs: number; sleepMs: number; alarmMs: number; otherMs: number }[],
) => {
  const pick = {
    busy: 'busyMs',
    idle: 'idleMs',
    charging: 'chargingMs',
    sleep: 'sleepMs',
    alarm: 'alarmMs',
    other: 'otherMs',
  } as const;
  return Object.fromEntries(UTILISATION_STATES.map((s) => [s, sum(rows, (r) => r[pick[s]])])) as Record<
    (typeof UTILISATION_STATES)[number],
    number
  >;
};

export async function utilisation(db: Database, q: AnalyticsQuery, options: ReadOptions = {}): Promise<AnalyticsUtilisation> {
  const { current, previous, bucket } = await load(db, q, Date.now(), options);
  const series = [...byBucket(current.period, bucket, current.hours)].map(([t, rows]) => ({
    t: iso(t),
    ...stateMsOf(rows),
    utilisation: ratio(
      sum(rows, (r) => r.busyMs),
      sum(rows, (r) => r.onlineMs),
    ),
  }));
  const perRobot = new Map<string, typeof current.robots>();
  for (const row of current.robots) perRobot.set(row.sn, [...(perRobot.get(row.sn) ?? []), row]);
  const names = await robotNames(db, [...perRobot.keys()]);
  const byRobot = [...perRobot].map(([sn, rows]) => ({
    sn,
    name: names.get(sn) ?? sn,
    ...stateMsOf(rows),
    utilisation: ratio(
      sum(rows, (r) => r.busyMs),
      sum(rows, (r) => r.onlineMs),
    ),
  }));
  byRobot.sort((a, b) => a.name.localeCompare(b.name));
  return { summary: figuresOf(current), previous: figuresOf(previous), series, byRobot };
}

export async function availability(db: Database, q: AnalyticsQuery, options: ReadOptions = {}): Promise<AnalyticsAvailability> {
  const { current, previous, bucket, tracks } = await load(db, q, Date.now(), options);
  const open = openMsByBucket(current, bucket);
  const series = [...byBucket(current.period, bucket, current.hours)].map(([t, rows]) => {
    const openMs = open.get(t) ?? 0;
    return { t: iso(t), availability: ratio(availableMs(current, rows), openMs), openMs };
  });
  const trackIds = [...new Set(current.hours.map((h) => h.trackId).filter((id) => id !== 0))];
  const byTrack = trackIds.map((trackId) => {
    const hours = current.hours.filter((h) => h.trackId === trackId);
    const d = current.deliveries.filter((r) => r.trackId === trackId);
    const robots = current.robots.filter((r) => r.trackId === trackId);
    const openMs = sum([...openMsByBucket(current, () => 0, robots).values()], (v) => v);
    return {
      trackId,
      name: tracks.get(trackId)?.name ?? String(trackId),
      deliveries: sum(d, (r) => r.delivered),
      aborted: sum(d, abortedOf),
      utilisation: ratio(
        sum(hours, (h) => h.busyMs),
        sum(hours, (h) => h.onlineMs),
      ),
      availability: ratio(availableMs(current, hours), openMs),
      distance: sum(hours, (h) => h.distance),
    };
  });
  byTrack.sort((a, b) => a.name.localeCompare(b.name));
  return { summary: figuresOf(current), previous: figuresOf(previous), series, byTrack };
}
