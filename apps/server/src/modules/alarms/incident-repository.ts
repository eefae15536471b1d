import type { AlarmIncident, ListIncidentsQuery } from '@railserve/protocol';
import { and, asc, count, desc, eq, gte, inArray, lte, notExists, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { alarmIncidentMembers, alarmIncidents } from '../../db/schema/alarm-ops.ts';
import { alarms } from '../../db/schema/alarms.ts';
import { toAlarm } from './repository.ts';

/** The most alarms one incident's detail lists (the oldest). */
export const INCIDENT_DETAIL_MAX = 500;

const ID_SLICE = 5000;

type IncidentRow = typeof alarmIncidents.$inferSelect;
export type Member = { alarmId: number; robotSn: string; point: number | null };

export async function findActiveIncident(db: Database, trackId: number, code: string) {
  const [row] = await db
    .select()
    .from(alarmIncidents)
    .where(and(eq(alarmIncidents.trackId, trackId), eq(alarmIncidents.code, code), eq(alarmIncidents.active, true)));
  return row;
}

/** Opens the (track, code) incident, or answers the one another instance opened first. */
export async function openIncident(db: Database, trackId: number, code: string, openedAt: Date, lastRaisedAt: Date) {
  const [row] = await db
    .insert(alarmIncidents)
    .values({ trackId, code, openedAt, lastRaisedAt })
    .onConflictDoNothing()
    .returning();
  return row ?? (await findActiveIncident(db, trackId, code));
}

/** The alarms of `code` raised on the track in [since, until], whatever their state now. */
export const raisedBetween = (db: Database, trackId: number, code: string, since: Date, until: Date) =>
  db
    .select({ id: alarms.id, robotSn: alarms.robotSn, raisedAt: alarms.raisedAt })
    .from(alarms)
    .where(and(eq(alarms.trackId, trackId), eq(alarms.code, code), gte(alarms.raisedAt, since), lte(alarms.raisedAt, until)));

export async function addMembers(db: Database, incidentId: number, members: Member[], lastRaisedAt: Date) {
  for (let i = 0; i < members.length; i += ID_SLICE)
    await db
      .insert(alarmIncidentMembers)
      .values(members.slice(i, i + ID_SLICE).map((m) => ({ incidentId, ...m })))
      .onConflictDoNothing();
  await db
    .update(alarmIncidents)
    .set({ lastRaisedAt: sql`GREATEST(${alarmIncidents.lastRaisedAt}, ${lastRaisedAt.toISOString()}::timestamptz)` })
    .where(eq(alarmIncidents.id, incidentId));
}

/** The active incidents holding any of these alarms. */
export async function incidentsOfAlarms(db: Database, alarmIds: number[]) {
  const ids = new Set<number>();
  // In slices: a storm's clears stay well below PostgreSQL's limit of bound parameters.
  for (let i = 0; i < alarmIds.length; i += ID_SLICE) {
    const rows = await db
      .selectDistinct({ id: alarmIncidentMembers.incidentId })
      .from(alarmIncidentMembers)
      .innerJoin(alarmIncidents, eq(alarmIncidents.id, alarmIncidentMembers.incidentId))
      .where(and(inArray(alarmIncidentMembers.alarmId, alarmIds.slice(i, i + ID_SLICE)), eq(alarmIncidents.active, true)));
    for (const row of rows) ids.add(row.id);
  }
  return [...ids];
}

/** Closes those of the incidents named whose alarms have all cleared. */
export async function closeFinished(db: Database, ids: number[], at: Date) {
  if (ids.length === 0) return [];
  const stillActive = db
    .select({ one: sql`1` })
    .from(alarmIncidentMembers)
    .innerJoin(alarms, eq(alarms.id, alarmIncidentMembers.alarmId))
    .where(and(eq(alarmIncidentMembers.incidentId, alarmIncidents.id), eq(alarms.active, true)));
  const rows = await db
    .update(alarmIncidents)
    .set({ active: false, closedAt: at })
    .where(and(inArray(alarmIncidents.id, ids), eq(alarmIncidents.active, true), notExists(stillActive)))
    .returning({ id: alarmIncidents.id });
  return rows.map((r) => r.id);
}

/** The incidents on the wire: each with its distinct robots and the points they stood at. */
async function withMembers(db: Database, rows: IncidentRow[]): Promise<AlarmIncident[]> {
  if (rows.length === 0) return [];
  const stats = await db
    .select({
      id: alarmIncidentMembers.incidentId,
      robots: sql<number>`count(DISTINCT ${alarmIncidentMembers.robotSn})::int`,
      points: sql<
        number[] | null
      >`json_agg(DISTINCT ${alarmIncidentMembers.point}) FILTER (WHERE ${alarmIncidentMembers.point} IS NOT NULL)`,
    })
    .from(alarmIncidentMembers)
    .where(
      inArray(
        alarmIncidentMembers.incidentId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(alarmIncidentMembers.incidentId);
  const byId = new Map(stats.map((s) => [s.id, s]));
  return rows.map((row) => ({
    id: row.id,
    trackId: row.trackId,
    code: row.code,
    active: row.active,
    openedAt: row.openedAt.toISOString(),
    lastRaisedAt: row.lastRaisedAt.toISOString(),
    closedAt: row.closedAt ? row.closedAt.toISOString() : null,
    robotCount: byId.get(row.id)?.robots ?? 0,
    points: [...(byId.get(row.id)?.points ?? [])].sort((a, b) => a - b),
  }));
}

export async function incidentsById(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  return withMembers(db, await db.select().from(alarmIncidents).where(inArray(alarmIncidents.id, ids)));
}

export async function listIncidents(db: Database, query: ListIncidentsQuery) {
  const filters: SQL[] = [];
  if (query.state) filters.push(eq(alarmIncidents.active, query.state === 'active'));
  if (query.trackId) filters.push(eq(alarmIncidents.trackId, query.trackId));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(alarmIncidents)
      .where(where)
      .orderBy(desc(alarmIncidents.openedAt), desc(alarmIncidents.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(alarmIncidents).where(where),
  ]);
  return { items: await withMembers(db, rows), total, page: query.page, pageSize: query.pageSize };
}

/** One incident with its alarms, oldest first; undefined when there is none. */
export async function incidentDetail(db: Database, id: number) {
  const [incident] = await incidentsById(db, [id]);
  if (!incident) return undefined;
  const rows = await db
    .select({ alarm: alarms, point: alarmIncidentMembers.point })
    .from(alarmIncidentMembers)
    .innerJoin(alarms, eq(alarms.id, alarmIncidentMembers.alarmId))
    .where(eq(alarmIncidentMembers.incidentId, id))
    .orderBy(asc(alarms.raisedAt), asc(alarms.id))
    .limit(INCIDENT_DETAIL_MAX);
  return { ...incident, alarms: rows.map((r) => ({ ...toAlarm(r.alarm), point: r.point })) };
}
