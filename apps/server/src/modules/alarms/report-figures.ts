import type { AlarmReportFigures } from '@railserve/protocol';
import type { DowntimeRow } from './downtime-repository.ts';
import type { RaisedSums } from './report-repository.ts';

/** Sums that add up across groups; the figures (means) are built from them last. */
type Sums = Omit<RaisedSums, 'robotSn' | 'trackId' | 'code'> & { downtimeSeconds: number };

export const emptySums = (): Sums => ({
  count: 0,
  acknowledged: 0,
  ackSeconds: 0,
  cleared: 0,
  clearSeconds: 0,
  downtimeSeconds: 0,
});

const round1 = (n: number) => Math.round(n * 10) / 10;

export function toFigures(s: Sums): AlarmReportFigures {
  return {
    count: s.count,
    acknowledged: s.acknowledged,
    meanAckSeconds: s.acknowledged > 0 ? round1(s.ackSeconds / s.acknowledged) : null,
    cleared: s.cleared,
    meanClearSeconds: s.cleared > 0 ? round1(s.clearSeconds / s.cleared) : null,
    downtimeSeconds: round1(s.downtimeSeconds),
  };
}

export type GroupKey<K> = (row: { robotSn: string; trackId: number | null; code: string | null }) => K;

/**
 * The sums of each group: the raised alarms' sums added, and the downtime of the group's robots
 * (each robot's stretches, already joined in the database: downtime-repository.ts) added up.
 */
export function groupSums<K>(raised: readonly RaisedSums[], downtime: readonly DowntimeRow[], keyOf: GroupKey<K>): Map<K, Sums> {
  const out = new Map<K, Sums>();
  const sumsOf = (key: K) => {
    const s = out.get(key) ?? emptySums();
    out.set(key, s);
    return s;
  };
  for (const r of raised) {
    const s = sumsOf(keyOf(r));
    s.count += r.count;
    s.acknowledged += r.acknowledged;
    s.ackSeconds += r.ackSeconds;
    s.cleared += r.cleared;
    s.clearSeconds += r.clearSeconds;
  }
  for (const d of downtime) sumsOf(keyOf(d)).downtimeSeconds += d.seconds;
  return out;
}

/** Busiest first: most alarms, then most downtime. */
export const busiestFirst = (a: AlarmReportFigures, b: AlarmReportFigures) =>
  b.count - a.count || b.downtimeSeconds - a.downtimeSeconds;
