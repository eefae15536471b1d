import type { AlarmReportFigures } from '@railserve/protocol';
import type { ActiveSpan, Period, RaisedSums } from './report-repository.ts';

/** Sums that add up across groups; the figures (means) are built from them last. */
type Sums = Omit<RaisedSums, 'robotSn' | 'trackId' | 'code'> & { downtimeSeconds: number };

const emptySums = (): Sums => ({ count: 0, acknowledged: 0, ackSeconds: 0, cleared: 0, clearSeconds: 0, downtimeSeconds: 0 });

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

/** Milliseconds covered by intervals `[start, end)`, overlaps counted once. */
export function unionLength(intervals: readonly (readonly [number, number])[]): number {
  const sorted = [...intervals].filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  let total = 0;
  let [start, end] = sorted[0] ?? [0, 0];
  for (const [a, b] of sorted) {
    if (a > end) {
      total += end - start;
      start = a;
      end = b;
    } else if (b > end) end = b;
  }
  return total + (end - start);
}

/** An alarm's active time clipped to the period (an active one runs until `now`, or the period's end). */
export const clip = (span: ActiveSpan, { from, to }: Period, now: number): [number, number] => [
  Math.max(span.raisedAt.getTime(), from.getTime()),
  Math.min(span.clearedAt?.getTime() ?? now, to.getTime()),
];

export type GroupKey<K> = (row: { robotSn: string; trackId: number | null; code: string }) => K;

/**
 * The sums of each group: the raised alarms' sums added, and the downtime of each robot in the
 * group (its spans' union: two downtime codes active at once stop a robot once) added up.
 */
export function groupSums<K>(
  raised: readonly RaisedSums[],
  spans: readonly ActiveSpan[],
  keyOf: GroupKey<K>,
  period: Period,
  now: number,
): Map<K, Sums> {
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
  const perRobot = new Map<K, Map<string, [number, number][]>>();
  for (const span of spans) {
    const key = keyOf(span);
    const robots = perRobot.get(key) ?? new Map<string, [number, number][]>();
    perRobot.set(key, robots);
    const list = robots.get(span.robotSn) ?? [];
    list.push(clip(span, period, now));
    robots.set(span.robotSn, list);
  }
  for (const [key, robots] of perRobot) {
    const s = sumsOf(key);
    for (const intervals of robots.values()) s.downtimeSeconds += unionLength(intervals) / 1000;
  }
  return out;
}

/** Busiest first: most alarms, then most downtime. */
export const busiestFirst = (a: AlarmReportFigures, b: AlarmReportFigures) =>
  b.count - a.count || b.downtimeSeconds - a.downtimeSeconds;
