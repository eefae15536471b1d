import type { ListSessionsQuery, Session } from '@railserve/protocol';
import { and, asc, count, desc, eq, ilike, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { tracks } from '../../db/schema/tracks.ts';
import { likeContains, paged } from '../../lib/sql.ts';

type SessionRow = typeof sessions.$inferSelect;
type Executor = Pick<Database, 'select' | 'update'>;

export function toSession(row: SessionRow, assigned: { id: number; name: string }[]): Session {
  const sorted = [...assigned].sort((a, b) => a.name.localeCompare(b.name));
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    mac: row.mac,
    note: row.note,
    trackIds: sorted.map((t) => t.id),
    tracks: sorted,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The tracks of the given sessions, grouped by session id. */
async function tracksOf(db: Database, sessionIds: number[]) {
  const byId = new Map<number, { id: number; name: string }[]>(sessionIds.map((id) => [id, []]));
  if (sessionIds.length === 0) return byId;
  const rows = await db
    .select({ id: tracks.id, name: tracks.name, sessionId: tracks.sessionId })
    .from(tracks)
    .where(inArray(tracks.sessionId, sessionIds));
  for (const r of rows) byId.get(r.sessionId!)?.push({ id: r.id, name: r.name });
  return byId;
}

export async function listSessions(db: Database, query: ListSessionsQuery) {
  const filters: SQL[] = [];
  if (query.q) {
    const like = likeContains(query.q);
    // A MAC typed with hyphens still finds the stored colon form.
    const macLike = likeContains(query.q.toUpperCase().replaceAll('-', ':'));
    filters.push(or(ilike(sessions.code, like), ilike(sessions.name, like), ilike(sessions.mac, macLike)) as SQL);
  }
  const where = filters.length ? and(...filters) : undefined;
  const base = db.select().from(sessions).where(where).orderBy(desc(sessions.id));
  const rows = await paged(base, query);
  const [{ total }] = await db.select({ total: count() }).from(sessions).where(where);
  const assigned = await tracksOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toSession(r, assigned.get(r.id) ?? [])),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function findSession(db: Database, id: number) {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
  if (!row) return undefined;
  return toSession(row, (await tracksOf(db, [id])).get(id) ?? []);
}

export async function findSessionByCode(db: Database, code: string) {
  const [row] = await db.select().from(sessions).where(sql`lower(${sessions.code}) = lower(${code})`);
  return row;
}

export async function findSessionByMac(db: Database, mac: string) {
  const [row] = await db.select().from(sessions).where(eq(sessions.mac, mac));
  return row;
}

/** The codes that look like `{prefix}{digits}`, for suggesting the next serial. */
export async function codesWithPrefix(db: Database, prefix: string) {
  const rows = await db
    .select({ code: sessions.code })
    .from(sessions)
    .where(sql`${sessions.code} ~* ${`^${prefix}[0-9]+$`}`);
  return rows.map((r) => r.code);
}

export async function insertSession(db: Database, values: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row;
}

export async function updateSession(db: Database, id: number, values: Partial<typeof sessions.$inferInsert>) {
  const [row] = await db
    .update(sessions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sessions.id, id))
    .returning();
  return row;
}

export async function deleteSession(db: Database, id: number) {
  const rows = await db.delete(sessions).where(eq(sessions.id, id)).returning({ id: sessions.id });
  return rows.length;
}

/** The requested tracks as they are now: which exist, and which session holds each. */
export async function tracksForAssignment(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: tracks.id, name: tracks.name, sessionId: tracks.sessionId, sessionCode: sessions.code })
    .from(tracks)
    .leftJoin(sessions, eq(sessions.id, tracks.sessionId))
    .where(inArray(tracks.id, ids))
    .orderBy(asc(tracks.id));
}

/**
 * Makes `ids` exactly the session's tracks, in one transaction: frees the ones no longer listed,
 * takes the listed ones that are free. Throws (and changes nothing) when a listed track is gone
 * or another session took it meanwhile.
 */
export async function replaceSessionTracks(db: Database, sessionId: number, ids: number[]) {
  await db.transaction(async (tx) => {
    const release = ids.length
      ? and(eq(tracks.sessionId, sessionId), notInArray(tracks.id, ids))
      : eq(tracks.sessionId, sessionId);
    await tx.update(tracks).set({ sessionId: null }).where(release);
    if (ids.length === 0) return;
    const taken = await tx
      .update(tracks)
      .set({ sessionId })
      .where(and(inArray(tracks.id, ids), or(isNull(tracks.sessionId), eq(tracks.sessionId, sessionId))))
      .returning({ id: tracks.id });
    if (taken.length !== ids.length) {
      const got = new Set(taken.map((t) => t.id));
      const missing = ids.filter((id) => !got.has(id));
      throw new Error(`tracks ${missing.join(', ')} are no longer free`);
    }
  });
}
