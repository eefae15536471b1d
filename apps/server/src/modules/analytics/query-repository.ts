import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** Whose figures: the whole fleet, or one session (its tracks today), track or robot. */
export type Scope =
  | { kind: 'fleet' }
  | { kind: 'session'; id: number }
  | { kind: 'track'; id: number }
  | { kind: 'robot'; sn: string };

export type Period = { from: number; to: number };

export type HourTrackRow = {
  hour: number;
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

export type RobotTrackRow = Omit<HourTrackRow, 'hour' | 'unknownPoints' | 'chargeCycles' | 'distance'> & {
  sn: string;
  name: string;
};
export type TableRow = { trackId: number; target: number; delivered: number; deliveryMs: number; aborted: number };

function scopeWhere(scope: Scope): SQL {
  switch (scope.kind) {
    case 'fleet':
      return sql`true`;
    case 'session':
      return sql`track_id in (select id from tracks where session_id = ${scope.id})`;
    case 'track':
      return sql`track_id = ${scope.id}`;
    case 'robot':
      return sql`sn = ${scope.sn}`;
  }
}

const inPeriod = (p: Period) =>
  sql`hour >= ${new Date(p.from).toISOString()}::timestamptz and hour < ${new Date(p.to).toISOString()}::timestamptz`;
const num = (v: unknown) => Number(v ?? 0);
const rowsOf = async (db: Database, query: SQL) => (await db.execute(query)).rows as Record<string, unknown>[];

const TIME_SUMS = sql`sum(online_ms) online, sum(busy_ms) busy, sum(idle_ms) idle, sum(charging_ms) charging, sum(sleep_ms) sleep,
  sum(alarm_ms) alarm, sum(other_ms) other, sum(available_ms) available`;
const timeColumns = (r: Record<string, unknown>) => ({
  onlineMs: num(r.online),
  busyMs: num(r.busy),
  idleMs: num(r.idle),
  chargingMs: num(r.charging),
  sleepMs: num(r.sleep),
  alarmMs: num(r.alarm),
  otherMs: num(r.other),
  availableMs: num(r.available),
});

export async function robotHoursByTrack(db: Database, scope: Scope, period: Period): Promise<HourTrackRow[]> {
  const rows = await rowsOf(
    db,
    sql`select hour, track_id, ${TIME_SUMS}, sum(distance) distance, sum(unknown_points) unknown, sum(charge_cycles) cycles
      from analytics_robot_hours where ${scopeWhere(scope)} and ${inPeriod(period)} group by hour, track_id`,
  );
  return rows.map((r) => ({
    hour: new Date(r.hour as string).getTime(),
    trackId: num(r.track_id),
    ...timeColumns(r),
    distance: num(r.distance),
    unknownPoints: num(r.unknown),
    chargeCycles: num(r.cycles),
  }));
}

export async function robotsByTrack(db: Database, scope: Scope, period: Period): Promise<RobotTrackRow[]> {
  const rows = await rowsOf(
    db,
    sql`select h.sn, h.track_id, ${TIME_SUMS}, coalesce(max(r.console_name), max(r.reported_name), h.sn) as name
      from (select * from analytics_robot_hours where ${scopeWhere(scope)} and ${inPeriod(period)}) h
      left join robots r on r.sn = h.sn group by h.sn, h.track_id`,
  );
  return rows.map((r) => ({ sn: String(r.sn), name: String(r.name), trackId: num(r.track_id), ...timeColumns(r) }));
}

const DELIVERY_SUMS = sql`sum(delivered) delivered, sum(delivery_ms) delivery_ms, sum(dwell_ms) dwell_ms, sum(dwells) dwells,
  sum(aborted_new_target) new_target, sum(aborted_alarm) alarm, sum(aborted_offline) offline, sum(aborted_other) other`;

export async function deliveriesByHour(db: Database, scope: Scope, period: Period): Promise<DeliveryHourRow[]> {
  const rows = await rowsOf(
    db,
    sql`select hour, track_id, ${DELIVERY_SUMS} from analytics_delivery_hours
      where ${scopeWhere(scope)} and ${inPeriod(period)} group by hour, track_id`,
  );
  return rows.map((r) => ({
    hour: new Date(r.hour as string).getTime(),
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

export async function deliveriesByTable(db: Database, scope: Scope, period: Period): Promise<TableRow[]> {
  const rows = await rowsOf(
    db,
    sql`select track_id, target, sum(delivered) delivered, sum(delivery_ms) delivery_ms,
      sum(aborted_new_target + aborted_alarm + aborted_offline + aborted_other) aborted
      from analytics_delivery_hours where ${scopeWhere(scope)} and ${inPeriod(period)} group by track_id, target`,
  );
  return rows.map((r) => ({
    trackId: num(r.track_id),
    target: num(r.target),
    delivered: num(r.delivered),
    deliveryMs: num(r.delivery_ms),
    aborted: num(r.aborted),
  }));
}

/** Every track: its name, session and saved map (for table names). */
export async function trackDirectory(db: Database) {
  const rows = await rowsOf(db, sql`select id, name, session_id, map from tracks`);
  return new Map(
    rows.map((r) => [
      num(r.id),
      { name: String(r.name), sessionId: r.session_id === null ? null : num(r.session_id), map: r.map },
    ]),
  );
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
