import type {
  AlarmCode,
  ListRobotsQuery,
  Robot,
  RobotConnection,
  RobotHealth,
  RobotSortField,
  RobotState,
} from '@railserve/protocol';
import { and, asc, count, desc, eq, ilike, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { robotConfigs, robotDisplayName, robotSearchText, robots } from '../../db/schema/robots.ts';
import { likeContains, paged } from '../../lib/sql.ts';
import type { LiveRobot } from './live-state.ts';

export type RobotRow = typeof robots.$inferSelect;

export function toRobot(row: RobotRow): Robot {
  return {
    id: row.id,
    sn: row.sn,
    name: row.consoleName ?? row.reportedName ?? row.sn,
    lastTrackName: row.lastTrackName,
    trackId: row.trackId,
    point: row.point,
    connection: row.connection as RobotConnection,
    battery: row.battery,
    state: row.state as RobotState,
    health: row.health as RobotHealth,
    alarms: row.alarms as AlarmCode[],
    firmware: row.firmware,
    ip: row.ip,
    lastUpdate: row.lastUpdate.toISOString(),
    registeredAt: row.registeredAt.toISOString(),
  };
}

/**
 * The row with the live state's fields where this instance heard the robot after the row was
 * written: the API shows a status at once, not after the batched write (and not behind a queue of
 * other writes). A row newer than the live state (another instance heard the robot since) wins.
 * The last track's name is the row's (the console's name of the track), unless the robot is on a
 * track the row does not hold yet: then it is the robot's name for it until the write.
 */
export function withLive(row: RobotRow, live: LiveRobot | undefined): RobotRow {
  if (!live || live.lastUpdate <= row.lastUpdate) return row;
  const { registeredAt: _registered, ...fields } = live;
  const newTrack = live.trackId !== null && live.trackId !== row.trackId;
  return { ...row, ...fields, lastTrackName: newTrack ? (live.lastTrackName ?? row.lastTrackName) : row.lastTrackName };
}

export function toLive(row: RobotRow): LiveRobot {
  const { id: _id, consoleName: _name, ...rest } = row;
  return {
    ...rest,
    connection: row.connection === 'online' ? 'online' : 'offline',
    state: row.state as RobotState,
    health: row.health as RobotHealth,
    alarms: row.alarms as AlarmCode[],
  };
}

const SORT_COLUMNS: Record<RobotSortField, AnyPgColumn | SQL> = {
  sn: robots.sn,
  name: robotDisplayName(robots),
  lastTrackName: robots.lastTrackName,
  connection: robots.connection,
  battery: robots.battery,
  state: robots.state,
  health: sql`array_position(array['normal','warning','critical']::varchar[], ${robots.health})`,
  lastUpdate: robots.lastUpdate,
  registeredAt: robots.registeredAt,
};

export async function listRobots(db: Database, query: ListRobotsQuery) {
  const filters: SQL[] = [];
  if (query.q) filters.push(ilike(robotSearchText(robots), likeContains(query.q)));
  if (query.connection) filters.push(eq(robots.connection, query.connection));
  if (query.health) filters.push(eq(robots.health, query.health));
  if (query.state) filters.push(eq(robots.state, query.state));
  if (query.trackId) filters.push(eq(robots.trackId, query.trackId));
  const where = filters.length ? and(...filters) : undefined;
  const direction = query.order === 'desc' ? desc : asc;
  // The SN breaks ties, so paging is stable.
  const base = db.select().from(robots).where(where).orderBy(direction(SORT_COLUMNS[query.sort]), asc(robots.sn));
  const rows = await paged(base, query);
  const [{ total }] = await db.select({ total: count() }).from(robots).where(where);
  return { items: rows, total, page: query.page, pageSize: query.pageSize };
}

export async function findRobot(db: Database, sn: string) {
  const [row] = await db.select().from(robots).where(eq(robots.sn, sn));
  return row;
}

export async function loadLiveRobots(db: Database) {
  return (await db.select().from(robots)).map(toLive);
}

/** The columns a live state writes, in the order of the JSON record below. */
const STATE_COLUMNS = sql.raw(
  'sn, reported_name, last_track_name, track_id, point, connection, battery, state, health, alarms, firmware, ip, last_update, registered_at',
);
const STATE_RECORD = sql.raw(
  'sn varchar, reported_name varchar, last_track_name varchar, track_id int, point int, connection varchar, battery float8, state varchar, health varchar, alarms jsonb, firmware varchar, ip varchar, last_update timestamptz, registered_at timestamptz',
);

/**
 * The same columns read from the batch; the last track is the console's name of the track the
 * robot reports (`trackId`), else the name the robot gave, else (on update) the one stored.
 */
const STATE_SELECT = sql.raw(
  'r.sn, r.reported_name, coalesce((SELECT name FROM tracks WHERE tracks.id = r.track_id), r.last_track_name), r.track_id, r.point, r.connection, r.battery, r.state, r.health, r.alarms, r.firmware, r.ip, r.last_update, r.registered_at',
);

/**
 * Writes live states in one statement: new robots are inserted (registered), known ones updated
 * unless the row already holds newer news from another server instance. Answers the rows written.
 * The batch travels as one JSON parameter (jsonb_to_recordset): building thousands of bound
 * parameters costs the server's main thread more than the database spends on the JSON.
 */
export async function upsertLiveRobots(db: Database, batch: LiveRobot[]) {
  if (batch.length === 0) return [];
  const records = batch.map((r) => ({
    sn: r.sn,
    reported_name: r.reportedName,
    last_track_name: r.lastTrackName,
    track_id: r.trackId,
    point: r.point,
    connection: r.connection,
    battery: r.battery,
    state: r.state,
    health: r.health,
    alarms: r.alarms,
    firmware: r.firmware,
    ip: r.ip,
    last_update: r.lastUpdate.toISOString(),
    registered_at: r.registeredAt.toISOString(),
  }));
  const result = await db.execute<{ sn: string; inserted: boolean }>(sql`
    INSERT INTO robots (${STATE_COLUMNS})
    SELECT ${STATE_SELECT} FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS r(${STATE_RECORD})
    ON CONFLICT (sn) DO UPDATE SET
      reported_name = excluded.reported_name, last_track_name = coalesce(excluded.last_track_name, robots.last_track_name),
      track_id = excluded.track_id, point = excluded.point, connection = excluded.connection,
      battery = excluded.battery, state = excluded.state, health = excluded.health,
      alarms = excluded.alarms, firmware = excluded.firmware, ip = excluded.ip, last_update = excluded.last_update
    WHERE robots.last_update <= excluded.last_update
    RETURNING sn, (xmax = 0) AS inserted`);
  return result.rows;
}

/** Robots still marked online although nothing was heard from them since `cutoff`. */
export async function findSilentRobots(db: Database, cutoff: Date) {
  const rows = await db
    .select()
    .from(robots)
    .where(and(ne(robots.connection, 'offline'), lt(robots.lastUpdate, cutoff)));
  return rows.map(toLive);
}

export async function renameRobot(db: Database, sn: string, name: string) {
  const [row] = await db.update(robots).set({ consoleName: name }).where(eq(robots.sn, sn)).returning();
  return row;
}

export async function deleteRobot(db: Database, sn: string) {
  await db.delete(robotConfigs).where(eq(robotConfigs.sn, sn));
  const rows = await db.delete(robots).where(eq(robots.sn, sn)).returning({ id: robots.id });
  return rows.length;
}

/** The name the console shows for the robot whose SN `sn` holds: the event log's source (logs/names.ts). */
export const robotNameOf = (sn: SQL) => sql`(select ${robotDisplayName(robots)} from ${robots} where ${robots.sn} = ${sn})`;

export async function saveConfigReport(db: Database, sn: string, config: Record<string, Record<string, unknown>>, at: Date) {
  await db
    .insert(robotConfigs)
    .values({ sn, config, reportedAt: at })
    .onConflictDoUpdate({ target: robotConfigs.sn, set: { config, reportedAt: at } });
}

export async function deleteConfigReport(db: Database, sn: string) {
  await db.delete(robotConfigs).where(eq(robotConfigs.sn, sn));
}

export async function findConfigReport(db: Database, sn: string) {
  const [row] = await db.select().from(robotConfigs).where(eq(robotConfigs.sn, sn));
  return row;
}
