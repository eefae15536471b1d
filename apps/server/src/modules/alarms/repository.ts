import {
  ALARM_COUNT_CAP,
  ALARM_SEVERITIES,
  type Alarm,
  type AlarmClearedBy,
  type AlarmEvent,
  type AlarmEventKind,
  type AlarmSeverity,
  type AlarmSummary,
  alarmKind,
  type ListAlarmsQuery,
} from '@railserve/protocol';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lt,
  lte,
  not,
  type SQL,
  sql,
  type WithSubquery,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { alarmEvents, alarms } from '../../db/schema/alarms.ts';
import { users } from '../../db/schema/users.ts';
import { severityFor } from './settings.ts';

type AlarmRow = typeof alarms.$inferSelect;
type EventRow = typeof alarmEvents.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The wire alarm: the issue's fields, no more (the reset bookkeeping stays on the server). */
export function toAlarm(row: AlarmRow): Alarm {
  return {
    id: row.id,
    robotSn: row.robotSn,
    trackId: row.trackId,
    code: row.code,
    severity: row.severity as Alarm['severity'],
    active: row.active,
    acknowledged: row.acknowledged,
    acknowledgedBy: row.acknowledgedBy,
    assigneeId: row.assigneeId,
    raisedAt: row.raisedAt.toISOString(),
    lastRaisedAt: row.lastRaisedAt.toISOString(),
    count: row.count,
    clearedAt: iso(row.clearedAt),
    clearedBy: row.clearedBy as AlarmClearedBy | null,
    suppressed: row.suppressed,
    flapping: row.flapping,
    maintenance: row.maintenance,
  };
}

const toEvent = (row: EventRow): AlarmEvent => ({
  id: row.id,
  time: row.time.toISOString(),
  kind: row.kind as AlarmEventKind,
  username: row.username,
  text: row.text,
  count: row.count,
  assigneeId: row.assigneeId,
  clearedBy: row.clearedBy as AlarmClearedBy | null,
});

export type NewAlarmEvent = Omit<typeof alarmEvents.$inferInsert, 'id'> & { kind: AlarmEventKind };

export const insertEvents = async (db: Database, rows: NewAlarmEvent[]) => {
  if (rows.length > 0) await db.insert(alarmEvents).values(rows);
};

/** Every active alarm, for the in-memory view at start. */
export const loadActiveAlarms = (db: Database) =>
  db.select({ id: alarms.id, robotSn: alarms.robotSn, code: alarms.code }).from(alarms).where(eq(alarms.active, true));

/** What opening an alarm sets (`severity`: the catalogue's; an override of its kind wins); the rest take their defaults. */
export type NewAlarm = Pick<
  typeof alarms.$inferInsert,
  'robotSn' | 'trackId' | 'code' | 'raisedAt' | 'lastRaisedAt' | 'suppressed' | 'flapping' | 'maintenance'
> & { severity: AlarmSeverity };

/**
 * Opens alarms and writes their timelines' 'raised' entries in one statement (a storm's batch waits
 * for the single embedded connection once, not twice); one another instance opened first (same
 * robot and code) is left out, its entry being that instance's. The rows go as one array per
 * column through unnest, the same few parameters however many alarms: a VALUES list of a storm's
 * hundred rows took the server longer to build and send than the database took to write it
 * (docs/benchmarks.md, Alarm storm).
 */
export function openAlarms(db: Database, values: NewAlarm[]) {
  const column = <K extends keyof NewAlarm>(key: K) => sql.param(values.map((v) => v[key] ?? null));
  const kinds = sql.param(values.map((v) => alarmKind(v.code)));
  const opened = db.$with('opened', getTableColumns(alarms)).as(
    sql`INSERT INTO ${alarms} (robot_sn, track_id, code, severity, raised_at, last_raised_at, suppressed, flapping, maintenance)
      SELECT n.robot_sn, n.track_id, n.code, ${severityFor(sql`n.kind`, sql`n.severity`)}, n.raised_at, n.last_raised_at,
        n.suppressed, n.flapping, n.maintenance
      FROM unnest(${column('robotSn')}::varchar[], ${column('trackId')}::int[], ${column('code')}::varchar[], ${kinds}::text[],
        ${column('severity')}::varchar[], ${column('raisedAt')}::timestamptz[], ${column('lastRaisedAt')}::timestamptz[],
        ${column('suppressed')}::bool[], ${column('flapping')}::bool[], ${column('maintenance')}::bool[])
        AS n(robot_sn, track_id, code, kind, severity, raised_at, last_raised_at, suppressed, flapping, maintenance)
      ON CONFLICT DO NOTHING RETURNING *`,
  );
  return db
    .with(opened, loggedAs(db, opened, sql`'raised', NULL`))
    .select()
    .from(opened);
}

/** The timeline entries (`kind, cleared_by`) of the alarms the statement's first part wrote, as its second part. */
const loggedAs = (db: Database, written: WithSubquery, kindAndClearedBy: SQL) =>
  db
    .$with('logged', { alarmId: alarmEvents.alarmId })
    .as(
      sql`INSERT INTO ${alarmEvents} (alarm_id, kind, cleared_by) SELECT id, ${kindAndClearedBy} FROM ${written} RETURNING alarm_id`,
    );

export async function findActive(db: Database, robotSn: string, code: string) {
  const [row] = await db
    .select()
    .from(alarms)
    .where(and(eq(alarms.robotSn, robotSn), eq(alarms.code, code), eq(alarms.active, true)));
  return row;
}

export async function repeatAlarm(db: Database, id: number, at: Date) {
  const [row] = await db
    .update(alarms)
    .set({ count: sql`${alarms.count} + 1`, lastRaisedAt: at })
    .where(and(eq(alarms.id, id), eq(alarms.active, true)))
    .returning();
  return row;
}

/**
 * Clears active alarms and writes their timelines' 'cleared' entries in one statement; the
 * device's clear after an acknowledged reset is the operator's.
 */
export function clearAlarms(db: Database, ids: number[], by: AlarmClearedBy, at: Date) {
  const clearedBy =
    by === 'device' ? sql<AlarmClearedBy>`CASE WHEN ${alarms.resetAcknowledged} THEN 'operator' ELSE 'device' END` : by;
  const cleared = db.$with('cleared').as(
    db
      .update(alarms)
      .set({ active: false, clearedAt: at, clearedBy })
      .where(and(inArray(alarms.id, ids), eq(alarms.active, true)))
      .returning(),
  );
  return db
    .with(cleared, loggedAs(db, cleared, sql`'cleared', cleared_by`))
    .select()
    .from(cleared);
}

export async function findAlarm(db: Database, id: number) {
  const [row] = await db.select().from(alarms).where(eq(alarms.id, id));
  return row;
}

export const findAlarms = (db: Database, ids: number[]) => db.select().from(alarms).where(inArray(alarms.id, ids));

export async function timeline(db: Database, alarmId: number) {
  const rows = await db.select().from(alarmEvents).where(eq(alarmEvents.alarmId, alarmId)).orderBy(asc(alarmEvents.id));
  return rows.map(toEvent);
}

/** Acknowledges the alarms not acknowledged yet; answers the rows it changed. */
export const acknowledge = (db: Database, ids: number[], username: string) =>
  db
    .update(alarms)
    .set({ acknowledged: true, acknowledgedBy: username, acknowledgedAt: new Date() })
    .where(and(inArray(alarms.id, ids), eq(alarms.acknowledged, false)))
    .returning();

export const assign = (db: Database, ids: number[], userId: number | null) =>
  db.update(alarms).set({ assigneeId: userId }).where(inArray(alarms.id, ids)).returning();

export async function recordReset(db: Database, id: number, commandId: string) {
  const [row] = await db
    .update(alarms)
    .set({ resetCommandId: commandId, resetAcknowledged: false })
    .where(eq(alarms.id, id))
    .returning();
  return row;
}

/**
 * The alarm a reset command was sent for; `acknowledged` marks its next clear as the operator's.
 * A robot clears the code as it carries the reset out, often before its acknowledgement arrives:
 * a clear by the device since the reset was sent then becomes the operator's too (its timeline entry with it).
 */
export async function answerReset(db: Database, commandId: string, acknowledged: boolean) {
  const rows = await db
    .update(alarms)
    .set({
      resetAcknowledged: acknowledged,
      ...(acknowledged
        ? { clearedBy: sql`CASE WHEN ${alarms.clearedBy} = 'device' THEN 'operator' ELSE ${alarms.clearedBy} END` }
        : {}),
    })
    .where(eq(alarms.resetCommandId, commandId))
    .returning();
  const cleared = rows.filter((row) => row.clearedBy === 'operator').map((row) => row.id);
  if (cleared.length > 0)
    await db
      .update(alarmEvents)
      .set({ clearedBy: 'operator' })
      .where(and(inArray(alarmEvents.alarmId, cleared), eq(alarmEvents.kind, 'cleared'), eq(alarmEvents.clearedBy, 'device')));
  return rows;
}

function filterOf(q: Partial<ListAlarmsQuery>): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    q.state === undefined ? undefined : eq(alarms.active, q.state === 'active'),
    q.acknowledged === undefined ? undefined : eq(alarms.acknowledged, q.acknowledged),
    q.severity ? eq(alarms.severity, q.severity) : undefined,
    q.trackId ? eq(alarms.trackId, q.trackId) : undefined,
    q.robotSn ? eq(alarms.robotSn, q.robotSn) : undefined,
    q.code ? eq(alarms.code, q.code) : undefined,
    q.assigneeId ? eq(alarms.assigneeId, q.assigneeId) : undefined,
    q.from ? gte(alarms.raisedAt, new Date(q.from)) : undefined,
    q.to ? lte(alarms.raisedAt, new Date(q.to)) : undefined,
  ];
  return and(...parts.filter((p): p is SQL => p !== undefined));
}

/** Newest first; the total is counted up to ALARM_COUNT_CAP, like logs. */
export async function listAlarms(db: Database, q: ListAlarmsQuery) {
  const where = filterOf(q);
  const rows = await db
    .select()
    .from(alarms)
    .where(where)
    .orderBy(desc(alarms.raisedAt), desc(alarms.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const capped = db
    .select({ id: alarms.id })
    .from(alarms)
    .where(where)
    .limit(ALARM_COUNT_CAP + 1)
    .as('capped');
  const [{ n }] = await db.select({ n: count() }).from(capped);
  return {
    items: rows.map(toAlarm),
    total: Math.min(n, ALARM_COUNT_CAP),
    totalCapped: n > ALARM_COUNT_CAP,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function summary(db: Database): Promise<AlarmSummary> {
  const rows = await db
    .select({ severity: alarms.severity, n: count() })
    .from(alarms)
    .where(and(eq(alarms.active, true), eq(alarms.acknowledged, false)))
    .groupBy(alarms.severity);
  const result = Object.fromEntries(ALARM_SEVERITIES.map((s) => [s, 0])) as AlarmSummary;
  for (const row of rows) if (row.severity in result) result[row.severity as keyof AlarmSummary] = row.n;
  return result;
}

/** Active users, who may be assigned alarms. */
export const assignees = (db: Database) =>
  db
    .select({ id: users.id, username: users.username, nickname: users.nickname })
    .from(users)
    .where(eq(users.status, 'active'))
    .orderBy(asc(users.username));

export async function activeUserExists(db: Database, id: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.status, 'active')));
  return row !== undefined;
}

/** Cleared alarms older than the retention period go, with their timelines. */
export async function purgeClearedAlarms(db: Database, retentionDays: number) {
  const cutoff = new Date(Date.now() - retentionDays * 86_400_000);
  const removed = await db
    .delete(alarms)
    .where(and(not(alarms.active), lt(alarms.clearedAt, cutoff)))
    .returning({ id: alarms.id });
  return removed.length;
}
