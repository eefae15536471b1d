import type { MaintenanceWindow } from '@railserve/protocol';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { alarmMaintenance } from '../../db/schema/alarm-ops.ts';
import { robots } from '../../db/schema/robots.ts';
import { tracks } from '../../db/schema/tracks.ts';

type WindowRow = typeof alarmMaintenance.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toWindow = (row: WindowRow): MaintenanceWindow => ({
  id: row.id,
  robotSn: row.robotSn,
  trackId: row.trackId,
  until: row.until.toISOString(),
  reason: row.reason,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  endedAt: iso(row.endedAt),
  endedBy: row.endedBy,
});

/** Windows not ended and not yet over at `now`, ending soonest first. */
export const openWindows = (db: Database, now: Date) =>
  db
    .select()
    .from(alarmMaintenance)
    .where(and(isNull(alarmMaintenance.endedAt), gt(alarmMaintenance.until, now)))
    .orderBy(asc(alarmMaintenance.until), asc(alarmMaintenance.id));

export async function insertWindow(db: Database, values: typeof alarmMaintenance.$inferInsert) {
  const [row] = await db.insert(alarmMaintenance).values(values).returning();
  return row;
}

export async function findWindow(db: Database, id: number) {
  const [row] = await db.select().from(alarmMaintenance).where(eq(alarmMaintenance.id, id));
  return row;
}

/** Ends a window still open; undefined when it was ended already (or by another instance first). */
export async function endWindow(db: Database, id: number, username: string, at: Date) {
  const [row] = await db
    .update(alarmMaintenance)
    .set({ endedAt: at, endedBy: username })
    .where(and(eq(alarmMaintenance.id, id), isNull(alarmMaintenance.endedAt)))
    .returning();
  return row;
}

export async function robotExists(db: Database, sn: string) {
  const [row] = await db.select({ sn: robots.sn }).from(robots).where(eq(robots.sn, sn));
  return row !== undefined;
}

export async function trackExists(db: Database, id: number) {
  const [row] = await db.select({ id: tracks.id }).from(tracks).where(eq(tracks.id, id));
  return row !== undefined;
}
