import type { TrackMap, TrackMapState } from '@railserve/protocol';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { tracks } from '../../db/schema/tracks.ts';

/** Saves the map as the next version; undefined when the track does not exist. */
export async function writeTrackMap(db: Database, id: number, map: TrackMap) {
  const [row] = await db
    .update(tracks)
    .set({ map, mapUpdatedAt: new Date(), mapVersion: sql`${tracks.mapVersion} + 1`, updatedAt: new Date() })
    .where(eq(tracks.id, id))
    .returning({ version: tracks.mapVersion });
  return row;
}

export async function findMapState(db: Database, id: number): Promise<TrackMapState | undefined> {
  const [row] = await db
    .select({
      version: tracks.mapVersion,
      savedAt: tracks.mapUpdatedAt,
      liveVersion: tracks.mapLiveVersion,
      liveAt: tracks.mapLiveAt,
    })
    .from(tracks)
    .where(eq(tracks.id, id));
  if (!row) return undefined;
  return {
    version: row.version,
    savedAt: row.savedAt?.toISOString() ?? null,
    liveVersion: row.liveVersion,
    liveAt: row.liveAt?.toISOString() ?? null,
  };
}

/** reload_map is about to publish the saved map: remember which version it is. */
export async function markMapPublished(db: Database, id: number, version: number) {
  await db.update(tracks).set({ mapPublishedVersion: version }).where(eq(tracks.id, id));
}

/** The controller acknowledged reload_map: the version last published is live. */
export async function markPublishedMapLive(db: Database, id: number, at: Date) {
  await db
    .update(tracks)
    .set({ mapLiveVersion: sql`${tracks.mapPublishedVersion}`, mapLiveAt: at })
    .where(sql`${tracks.id} = ${id} and ${tracks.mapPublishedVersion} is not null`);
}
