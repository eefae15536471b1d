import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { HourTrackRow } from './query-repository.ts';
import {
  inPeriod,
  num,
  type Period,
  type ReadOptions,
  rowsOf,
  type Scope,
  scopeWhere,
  splitDays,
  TIME_SUMS,
  timeColumns,
  within,
} from './query-sql.ts';

/**
 * A period's rows from a daily summary (its whole UTC days) and the hourly rollup (the hours
 * around them); the hourly rollup alone when the period holds no whole day or `raw` is asked.
 */
function daysAndEdges(
  period: Period,
  daily: (days: Period) => SQL | undefined,
  hourly: (hours: SQL) => SQL,
  options: ReadOptions,
) {
  const split = options.raw ? undefined : splitDays(period);
  const days = split && daily(split.days);
  if (!split || !days) return hourly(inPeriod(period));
  const edges = sql.join(
    split.edges.map((e) => sql`(${within(sql`hour`, e.from, e.to)})`),
    sql` or `,
  );
  return sql`${days} union all ${hourly(sql`(${edges})`)}`;
}

export type RobotTrackRow = Omit<HourTrackRow, 'hour' | 'bucket' | 'unknownPoints' | 'chargeCycles' | 'distance'> & {
  sn: string;
};
export type TableRow = { trackId: number; target: number; delivered: number; deliveryMs: number; aborted: number };

const TIME_COLUMNS = sql`sn, track_id, online_ms, busy_ms, idle_ms, charging_ms, sleep_ms, alarm_ms, other_ms, available_ms`;

/** Each robot's time per state on each track in the period (their names: query-repository.ts `robotNames`). */
export async function robotsByTrack(
  db: Database,
  scope: Scope,
  period: Period,
  options: ReadOptions = {},
): Promise<RobotTrackRow[]> {
  const where = scopeWhere(scope);
  const source = daysAndEdges(
    period,
    (days) => sql`select ${TIME_COLUMNS} from analytics_robot_days where ${where} and ${within(sql`day`, days.from, days.to)}`,
    (hours) => sql`select ${TIME_COLUMNS} from analytics_robot_hours where ${where} and ${hours}`,
    options,
  );
  const rows = await rowsOf(db, sql`select sn, track_id, ${TIME_SUMS} from (${source}) s group by sn, track_id`);
  return rows.map((r) => ({ sn: String(r.sn), trackId: num(r.track_id), ...timeColumns(r) }));
}

/** Deliveries per track and target point in the period (a robot's: from its own rows). */
export async function deliveriesByTable(
  db: Database,
  scope: Scope,
  period: Period,
  options: ReadOptions = {},
): Promise<TableRow[]> {
  const where = scopeWhere(scope);
  const source = daysAndEdges(
    period,
    (days) =>
      scope.kind === 'robot'
        ? undefined
        : sql`select track_id, target, delivered, delivery_ms, aborted from analytics_target_days
          where ${where} and ${within(sql`day`, days.from, days.to)}`,
    (hours) => sql`select track_id, target, delivered, delivery_ms,
        aborted_new_target + aborted_alarm + aborted_offline + aborted_other as aborted
      from analytics_delivery_hours where ${where} and ${hours}`,
    options,
  );
  const rows = await rowsOf(
    db,
    sql`select track_id, target, sum(delivered) delivered, sum(delivery_ms) delivery_ms, sum(aborted) aborted
      from (${source}) d group by track_id, target`,
  );
  return rows.map((r) => ({
    trackId: num(r.track_id),
    target: num(r.target),
    delivered: num(r.delivered),
    deliveryMs: num(r.delivery_ms),
    aborted: num(r.aborted),
  }));
}
