import { parseUpdateFailure, type Rollout, type RolloutScope } from '@railserve/protocol';
import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { robots } from '../../../db/schema/robots.ts';
import { tracks } from '../../../db/schema/tracks.ts';
import { updateFiles, updateRecords, updateRollouts } from '../../../db/schema/updates.ts';

type RolloutRow = typeof updateRollouts.$inferSelect;

/** The robots a scope names, by sn: one robot, the robots a track reports, a session's tracks' robots, or all. */
export async function robotsInScope(db: Database, scope: RolloutScope): Promise<string[]> {
  if (scope.kind === 'robot') {
    const rows = await db.select({ sn: robots.sn }).from(robots).where(eq(robots.sn, scope.sn));
    return rows.map((r) => r.sn);
  }
  if (scope.kind === 'all') {
    const rows = await db.select({ sn: robots.sn }).from(robots).orderBy(asc(robots.sn));
    return rows.map((r) => r.sn);
  }
  const where = scope.kind === 'track' ? eq(tracks.id, scope.trackId) : eq(tracks.sessionId, scope.sessionId);
  const rows = await db.select({ robots: tracks.robots }).from(tracks).where(where);
  const reported = [...new Set(rows.flatMap((r) => r.robots ?? []))];
  if (reported.length === 0) return [];
  const known = await db.select({ sn: robots.sn }).from(robots).where(inArray(robots.sn, reported)).orderBy(asc(robots.sn));
  return known.map((r) => r.sn);
}

export async function insertRollout(db: Database, values: typeof updateRollouts.$inferInsert) {
  const [row] = await db.insert(updateRollouts).values(values).returning();
  return row;
}

/** Moves a rollout from one status to the next; undefined when another report moved it first. */
export async function moveRollout(db: Database, id: number, from: string, values: Partial<typeof updateRollouts.$inferInsert>) {
  const [row] = await db
    .update(updateRollouts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(updateRollouts.id, id), eq(updateRollouts.status, from)))
    .returning();
  return row;
}

export async function rolloutRecords(db: Database, id: number) {
  return db
    .select()
    .from(updateRecords)
    .where(eq(updateRecords.rolloutId, id))
    .orderBy(sql`${updateRecords.rolloutGroup} = 'rest'`, asc(updateRecords.id));
}

type RecordRow = typeof updateRecords.$inferSelect;
const failureOf = (reason: string | null | undefined) => parseUpdateFailure(reason) ?? null;

function toRollout(row: RolloutRow, filename: string, version: string, records: RecordRow[], deadlineMs: number): Rollout {
  return {
    id: row.id,
    fileId: row.fileId,
    filename,
    version,
    scope: row.scope as RolloutScope,
    firstGroupSize: row.firstGroupSize,
    status: row.status as Rollout['status'],
    stoppedAt: row.stoppedSn
      ? { sn: row.stoppedSn, reason: row.stoppedReason ?? '', failure: failureOf(row.stoppedReason) }
      : null,
    robots: records.map((r) => ({
      sn: r.deviceSerial,
      recordId: r.id,
      group: r.rolloutGroup === 'first' ? 'first' : 'rest',
      status: r.status,
      failureReason: r.failureReason,
      failure: failureOf(r.failureReason),
      retryAt: r.retryAt?.toISOString() ?? null,
      deadline: r.retryAt && r.busySince ? new Date(r.busySince.getTime() + deadlineMs).toISOString() : null,
    })),
    username: row.username,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A rollout with its robots; `deadlineMs` is how long a busy robot is waited for (config). */
export async function findRollout(db: Database, id: number, deadlineMs: number) {
  const [row] = await db
    .select({ rollout: updateRollouts, filename: updateFiles.filename, version: updateFiles.version })
    .from(updateRollouts)
    .innerJoin(updateFiles, eq(updateFiles.id, updateRollouts.fileId))
    .where(eq(updateRollouts.id, id));
  if (!row) return undefined;
  return toRollout(row.rollout, row.filename, row.version, await rolloutRecords(db, id), deadlineMs);
}

/** The most recent rollouts, newest first. */
export async function recentRollouts(db: Database, limit: number, deadlineMs: number) {
  const rows = await db.select({ id: updateRollouts.id }).from(updateRollouts).orderBy(desc(updateRollouts.id)).limit(limit);
  const found = await Promise.all(rows.map((r) => findRollout(db, r.id, deadlineMs)));
  return found.filter((r): r is Rollout => Boolean(r));
}

/** A robot that answered "busy" waits: asked again at `retryAt`; its busy time counts from the first "busy". */
export async function holdRecord(db: Database, id: number, retryAt: Date, now: Date) {
  const [row] = await db
    .update(updateRecords)
    .set({ retryAt, busySince: sql`coalesce(${updateRecords.busySince}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
    .where(and(eq(updateRecords.id, id), eq(updateRecords.status, 'waiting_download')))
    .returning();
  return row;
}

/** The waiting robots of running rollouts whose time to be asked again has come. */
export async function dueRetries(db: Database, now: Date) {
  return db
    .select({ record: updateRecords, username: updateRollouts.username })
    .from(updateRecords)
    .innerJoin(updateRollouts, eq(updateRollouts.id, updateRecords.rolloutId))
    .where(
      and(
        isNotNull(updateRecords.retryAt),
        lte(updateRecords.retryAt, now),
        eq(updateRecords.status, 'waiting_download'),
        inArray(updateRollouts.status, ['first_group', 'rest']),
      ),
    )
    .orderBy(asc(updateRecords.retryAt))
    .limit(500);
}

/** Takes a due retry for this server instance; undefined when another instance took it first. */
export async function claimRetry(db: Database, id: number, retryAt: Date) {
  const [row] = await db
    .update(updateRecords)
    .set({ retryAt: null })
    .where(and(eq(updateRecords.id, id), eq(updateRecords.retryAt, retryAt)))
    .returning();
  return row;
}

/** Resuming a stopped rollout: its failed robots wait for their update again, with a fresh deadline. */
export async function resetFailedRecords(db: Database, rolloutId: number) {
  return db
    .update(updateRecords)
    .set({ status: 'waiting_download', failureReason: null, retryAt: null, busySince: null, updatedAt: new Date() })
    .where(and(eq(updateRecords.rolloutId, rolloutId), eq(updateRecords.status, 'failed')))
    .returning();
}

/** Whether an update record belongs to a rollout that is running (first group or the rest). */
export async function inRunningRollout(db: Database, recordId: number) {
  const [row] = await db
    .select({ id: updateRecords.id })
    .from(updateRecords)
    .innerJoin(updateRollouts, eq(updateRollouts.id, updateRecords.rolloutId))
    .where(and(eq(updateRecords.id, recordId), inArray(updateRollouts.status, ['first_group', 'rest'])));
  return row !== undefined;
}
