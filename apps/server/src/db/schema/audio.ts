import { integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tracks } from './tracks.ts';

/**
 * A track's audio clips; the file itself is stored under `tracks/{trackId}/audio/{id}`.
 * One clip per kind and name on a track (a table clip's name is its table's name).
 */
export const audioClips = pgTable(
  'audio_clips',
  {
    id: serial('id').primaryKey(),
    trackId: integer('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    tableSide: varchar('table_side', { length: 8 }),
    format: varchar('format', { length: 8 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('audio_clips_track_kind_name_idx').on(t.trackId, t.kind, t.name)],
);
