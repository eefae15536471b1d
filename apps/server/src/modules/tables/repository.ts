import type { TableLayout, TrackMap } from '@railserve/protocol';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { tracks } from '../../db/schema/tracks.ts';

/** The track's saved map (null when none is saved); undefined when the track does not exist. */
export async function findMapOfTrack(db: Database, trackId: number) {
  const [row] = await db.select({ map: tracks.map }).from(tracks).where(eq(tracks.id, trackId));
  return row ? ((row.map as TrackMap | null) ?? null) : undefined;
}

/** Replaces only the map's table layout; the rest of the map is left as the map editor saved it. */
export async function updateTableLayout(db: Database, trackId: number, layout: TableLayout) {
  const now = new Date();
  const rows = await db
    .update(tracks)
    .set({
      map: sql`jsonb_set(${tracks.map}, '{tables}', ${JSON.stringify(layout)}::jsonb)`,
      mapUpdatedAt: now,
      updatedAt: now,
    })
    .where(sql`${tracks.id} = ${trackId} and ${tracks.map} is not null`)
    .returning({ id: tracks.id });
  return rows.length > 0;
}
