import type { ListTracksQuery, Track, TrackDisplayMode, TrackMode, TrackStatusChange, TrackType } from '@railserve/protocol';
import { and, count, desc, eq, getTableColumns, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { trackStatusChanges, tracks } from '../../db/schema/tracks.ts';
import { likeContains, paged } from '../../lib/sql.ts';

const { map: _map, ...listColumns } = getTableColumns(tracks);
/** Every column but the map (up to megabytes), plus whether there is one. */
const trackColumns = { ...listColumns, hasMap: sql<boolean>`${tracks.map} is not null` };
type TrackRow = Omit<typeof tracks.$inferSelect, 'map'> & { hasMap: boolean };

export function toTrack(row: TrackRow): Track {
  const mode = row.mode as TrackMode;
  return {
    id: row.id,
    name: row.name,
    type: row.type as TrackType,
    config: (row.config ?? {}) as Record<string, unknown>,
    statusCode: row.statusCode,
    errorCode: row.errorCode,
    mode,
    registerMode: mode === 'register',
    viewerMode: mode === 'viewer',
    robots: row.robots ?? [],
    statusAt: row.statusAt?.toISOString() ?? null,
    tableNumberPlay: row.tableNumberPlay,
    displayMode: row.displayMode as TrackDisplayMode,
    sessionId: row.sessionId,
    hasMap: row.hasMap,
    mapUpdatedAt: row.mapUpdatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listTracks(db: Database, query: ListTracksQuery) {
  const filters: SQL[] = [];
  if (query.q) filters.push(ilike(tracks.name, likeContains(query.q)));
  if (query.type) filters.push(eq(tracks.type, query.type));
  if (query.statusCode !== undefined) filters.push(eq(tracks.statusCode, query.statusCode));
  if (query.sessionId === 'none') filters.push(isNull(tracks.sessionId));
  else if (query.sessionId !== undefined) filters.push(eq(tracks.sessionId, query.sessionId));
  const where = filters.length ? and(...filters) : undefined;
  const base = db.select(trackColumns).from(tracks).where(where).orderBy(tracks.name, tracks.id);
  const rows = await paged(base, query);
  const [{ total }] = await db.select({ total: count() }).from(tracks).where(where);
  return { items: rows.map(toTrack), total, page: query.page, pageSize: query.pageSize };
}

export async function findTrack(db: Database, id: number) {
  const [row] = await db.select(trackColumns).from(tracks).where(eq(tracks.id, id));
  return row ? toTrack(row) : undefined;
}

export async function findTrackByName(db: Database, name: string) {
  const [row] = await db.select({ id: tracks.id }).from(tracks).where(sql`lower(${tracks.name}) = lower(${name})`);
  return row;
}

/** The saved map, or null when none is saved; undefined when the track does not exist. */
export async function findTrackMap(db: Database, id: number) {
  const [row] = await db
    .select({ map: tracks.map, robots: tracks.robots, mapVersion: tracks.mapVersion })
    .from(tracks)
    .where(eq(tracks.id, id));
  return row;
}

export async function insertTrack(db: Database, values: typeof tracks.$inferInsert) {
  const [row] = await db.insert(tracks).values(values).returning({ id: tracks.id });
  return (await findTrack(db, row.id))!;
}

export async function updateTrack(db: Database, id: number, values: Partial<typeof tracks.$inferInsert>) {
  const [row] = await db
    .update(tracks)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tracks.id, id))
    .returning({ id: tracks.id });
  return row ? findTrack(db, row.id) : undefined;
}

export async function deleteTrack(db: Database, id: number) {
  const rows = await db.delete(tracks).where(eq(tracks.id, id)).returning({ id: tracks.id });
  return rows.length;
}

/** The name of the track whose id `id` holds: the event log's source (logs/names.ts). */
export const trackNameOf = (id: SQL) => sql`(select ${tracks.name} from ${tracks} where ${tracks.id} = ${id})`;

export async function listStatusChanges(db: Database, trackId: number, limit: number) {
  const rows = await db
    .select()
    .from(trackStatusChanges)
    .where(eq(trackStatusChanges.trackId, trackId))
    .orderBy(desc(trackStatusChanges.at), desc(trackStatusChanges.id))
    .limit(limit);
  return rows.map(
    (r): TrackStatusChange => ({
      id: r.id,
      trackId: r.trackId,
      statusCode: r.statusCode,
      errorCode: r.errorCode,
      mode: r.mode as TrackMode,
      robots: r.robots ?? [],
      at: r.at.toISOString(),
    }),
  );
}
