import type { Rollout, RolloutScope } from '@railserve/protocol';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
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

function toRollout(row: RolloutRow, filename: string, version: string, records: (typeof updateRecords.$inferSelect)[]): Rollout {
  return {
    id: row.id,
    fileId: row.fileId,
    filename,
    version,
    scope: row.scope as RolloutScope,
    firstGroupSize: row.firstGroupSize,
    status: row.status as Rollout['status'],
    stoppedAt: row.stoppedSn ? { sn: row.stoppedSn, reason: row.stoppedReason ?? '' } : null,
    robots: records.map((r) => ({
      sn: r.deviceSerial,
      recordId: r.id,
      group: r.rolloutGroup === 'first' ? 'first' : 'rest',
      status: r.status,
      failureReason: r.failureReason,
    })),
    username: row.username,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findRollout(db: Database, id: number) {
  const [row] = await db
    .select({ rollout: updateRollouts, filename: updateFiles.filename, version: updateFiles.version })
    .from(updateRollouts)
    .innerJoin(updateFiles, eq(updateFiles.id, updateRollouts.fileId))
    .where(eq(updateRollouts.id, id));
  if (!row) return undefined;
  return toRollout(row.rollout, row.filename, row.version, await rolloutRecords(db, id));
}

/** The most recent rollouts, newest first. */
export async function recentRollouts(db: Database, limit: number) {
  const rows = await db.select({ id: updateRollouts.id }).from(updateRollouts).orderBy(desc(updateRollouts.id)).limit(limit);
  const found = await Promise.all(rows.map((r) => findRollout(db, r.id)));
  return found.filter((r): r is Rollout => Boolean(r));
}
