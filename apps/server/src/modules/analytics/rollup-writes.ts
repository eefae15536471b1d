import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { noteOwnWrites } from './own-writes.ts';
import type { DeliveryHour, RobotHour } from './rollup.ts';
import type { TrackedChange } from './tracker.ts';

/**
 * Rows per statement. Each statement passes one array per column through `unnest`, so its
 * parameters stay a handful however many rows (a multi-row insert built by the query builder
 * cost about 30 µs per raw row on the server's main thread).
 */
const CHUNK = 5000;
const at = (t: number) => new Date(t).toISOString();

function chunks<T>(rows: readonly T[]) {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** Adds raw history rows; one already there (a duplicate status, another instance's copy) is left as it is. */
export async function insertChanges(db: Database, rows: readonly TrackedChange[]) {
  for (const part of chunks(rows)) {
    const column = (pick: (r: TrackedChange) => unknown) => sql.param(part.map(pick));
    await db.execute(sql`insert into analytics_robot_changes (sn, at, online, state, track_id, point, target, alarms)
      select * from unnest(${column((r) => r.sn)}::varchar[], ${column((r) => at(r.at))}::timestamptz[],
        ${column((r) => (r.online ? 1 : 0))}::smallint[], ${column((r) => r.state)}::varchar[], ${column((r) => r.trackId)}::int[],
        ${column((r) => r.point)}::int[], ${column((r) => r.target)}::int[], ${column((r) => JSON.stringify(r.alarms))}::jsonb[])
      on conflict do nothing`);
    noteOwnWrites(db, part);
  }
}

/** Adds robots' hourly rows (their old rows of those hours were removed first). */
export async function insertRobotHours(db: Database, rows: readonly (RobotHour & { sn: string })[]) {
  for (const part of chunks(rows)) {
    const column = (pick: (r: RobotHour & { sn: string }) => unknown) => sql.param(part.map(pick));
    await db.execute(sql`insert into analytics_robot_hours (sn, hour, track_id, online_ms, busy_ms, idle_ms, charging_ms,
        sleep_ms, alarm_ms, other_ms, available_ms, distance, unknown_points, charge_cycles)
      select * from unnest(${column((r) => r.sn)}::varchar[], ${column((r) => at(r.hour))}::timestamptz[],
        ${column((r) => r.trackId)}::int[], ${column((r) => r.onlineMs)}::int[], ${column((r) => r.ms.busy)}::int[],
        ${column((r) => r.ms.idle)}::int[], ${column((r) => r.ms.charging)}::int[], ${column((r) => r.ms.sleep)}::int[],
        ${column((r) => r.ms.alarm)}::int[], ${column((r) => r.ms.other)}::int[], ${column((r) => r.availableMs)}::int[],
        ${column((r) => r.distance)}::float8[], ${column((r) => r.unknownPoints)}::int[], ${column((r) => r.chargeCycles)}::int[])`);
  }
}

/** Adds robots' per-target hourly rows (their old rows of those hours were removed first). */
export async function insertDeliveryHours(db: Database, rows: readonly (DeliveryHour & { sn: string })[]) {
  for (const part of chunks(rows)) {
    const column = (pick: (r: DeliveryHour & { sn: string }) => unknown) => sql.param(part.map(pick));
    await db.execute(sql`insert into analytics_delivery_hours (sn, hour, track_id, target, delivered, delivery_ms, dwell_ms,
        dwells, aborted_new_target, aborted_alarm, aborted_offline, aborted_other)
      select * from unnest(${column((r) => r.sn)}::varchar[], ${column((r) => at(r.hour))}::timestamptz[],
        ${column((r) => r.trackId)}::int[], ${column((r) => r.target)}::int[], ${column((r) => r.delivered)}::int[],
        ${column((r) => r.deliveryMs)}::float8[], ${column((r) => r.dwellMs)}::float8[], ${column((r) => r.dwells)}::int[],
        ${column((r) => r.aborted.new_target)}::int[], ${column((r) => r.aborted.alarm)}::int[],
        ${column((r) => r.aborted.offline)}::int[], ${column((r) => r.aborted.other)}::int[])`);
  }
}
