import type { AnalyticsFigures, OpeningHours } from '@railserve/protocol';
import { hoursOf, isOpen } from './buckets.ts';
import type { RobotTrackRow } from './period-sums-repository.ts';
import type { DeliveryHourRow, HourTrackRow, Period } from './query-repository.ts';
import { HOUR_MS } from './rollup.ts';

/** What one period's figures are made of (query-repository.ts), with what they are read against. */
export type PeriodData = {
  period: Period;
  now: number;
  hours: HourTrackRow[];
  deliveries: DeliveryHourRow[];
  robots: RobotTrackRow[];
  sessionOf: (trackId: number) => number | null;
  opening: ReadonlyMap<number, OpeningHours>;
};

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
export const abortedOf = (d: DeliveryHourRow) => d.newTarget + d.alarm + d.offline + d.other;
const sum = <T>(rows: readonly T[], pick: (row: T) => number) => rows.reduce((total, row) => total + pick(row), 0);

/** Whether an hour of a track counts towards availability: in its session's opening hours. */
export const openFor = (data: PeriodData) => (trackId: number, hour: number) => {
  const session = data.sessionOf(trackId);
  return isOpen(session === null ? undefined : data.opening.get(session), hour);
};

/** Each robot's main track in the period: the one it was online on longest. */
function mainTracks(robots: readonly RobotTrackRow[]) {
  const best = new Map<string, RobotTrackRow>();
  for (const row of robots) {
    const current = best.get(row.sn);
    if (!current || row.onlineMs > current.onlineMs) best.set(row.sn, row);
  }
  return best;
}

/**
 * The opening milliseconds robots had, per bucket: each robot counts the opening hours of its
 * main track's session, up to now (docs/analytics.md, "Availability").
 */
export function openMsByBucket(data: PeriodData, bucket: (hour: number) => number, robots = data.robots) {
  const end = Math.min(data.period.to, data.now);
  const robotsPerTrack = new Map<number, number>();
  for (const row of mainTracks(robots).values()) robotsPerTrack.set(row.trackId, (robotsPerTrack.get(row.trackId) ?? 0) + 1);
  const open = openFor(data);
  const out = new Map<number, number>();
  for (const hour of hoursOf(data.period.from, end)) {
    const ms = Math.min(HOUR_MS, end - hour);
    for (const [trackId, count] of robotsPerTrack) {
      if (open(trackId, hour)) out.set(bucket(hour), (out.get(bucket(hour)) ?? 0) + ms * count);
    }
  }
  return out;
}

export function availableMs(data: PeriodData, hours = data.hours) {
  const open = openFor(data);
  return sum(hours, (h) => (open(h.trackId, h.hour) ? h.availableMs : 0));
}

/** The period's figures (docs/analytics.md defines each). */
export function figuresOf(data: PeriodData): AnalyticsFigures {
  const delivered = sum(data.deliveries, (d) => d.delivered);
  const dwells = sum(data.deliveries, (d) => d.dwells);
  const online = sum(data.hours, (h) => h.onlineMs);
  const openMs = sum([...openMsByBucket(data, () => 0).values()], (v) => v);
  return {
    deliveries: delivered,
    aborted: sum(data.deliveries, abortedOf),
    meanDeliveryMs: ratio(
      sum(data.deliveries, (d) => d.deliveryMs),
      delivered,
    ),
    meanDwellMs: ratio(
      sum(data.deliveries, (d) => d.dwellMs),
      dwells,
    ),
    distance: sum(data.hours, (h) => h.distance),
    utilisation: ratio(
      sum(data.hours, (h) => h.busyMs),
      online,
    ),
    availability: ratio(availableMs(data), openMs),
    chargeCycles: sum(data.hours, (h) => h.chargeCycles),
    chargingMs: sum(data.hours, (h) => h.chargingMs),
    onlineMs: online,
    unknownPoints: sum(data.hours, (h) => h.unknownPoints),
  };
}

/** Rows gathered into the buckets of the period, every bucket present (empty ones too). */
export function byBucket<T extends { bucket: number }>(period: Period, bucket: (hour: number) => number, rows: readonly T[]) {
  const out = new Map<number, T[]>();
  for (const hour of hoursOf(period.from, period.to)) out.set(bucket(hour), out.get(bucket(hour)) ?? []);
  for (const row of rows) out.get(row.bucket)?.push(row);
  return out;
}

export { ratio, sum };
