import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sessions } from './sessions.ts';

export const tracks = pgTable(
  'tracks',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    config: jsonb('config').notNull().default({}),
    tableNumberPlay: boolean('table_number_play').notNull().default(false),
    displayMode: varchar('display_mode', { length: 16 }).notNull().default('grid'),
    /** Live state from the controller's retained status; `status_at` is the status's own `ts`. */
    statusCode: smallint('status_code').notNull().default(0),
    errorCode: smallint('error_code').notNull().default(0),
    mode: varchar('mode', { length: 16 }).notNull().default('normal'),
    robots: jsonb('robots').$type<string[]>().notNull().default([]),
    statusAt: timestamp('status_at', { withTimezone: true, precision: 3 }),
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    /** The saved map (protocol trackMap) that reload_map makes live. */
    map: jsonb('map'),
    mapUpdatedAt: timestamp('map_updated_at', { withTimezone: true }),
    /** Counts the map's saves; reload_map publishes one version, the controller's ack makes it live. */
    mapVersion: integer('map_version').notNull().default(0),
    mapPublishedVersion: integer('map_published_version'),
    mapLiveVersion: integer('map_live_version'),
    mapLiveAt: timestamp('map_live_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tracks_name_lower_idx').on(sql`lower(${t.name})`), index('tracks_session_idx').on(t.sessionId)],
);

/** Every change of a track's status, error or mode, for the track's record part. */
export const trackStatusChanges = pgTable(
  'track_status_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    trackId: integer('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    statusCode: smallint('status_code').notNull(),
    errorCode: smallint('error_code').notNull(),
    mode: varchar('mode', { length: 16 }).notNull(),
    robots: jsonb('robots').$type<string[]>().notNull().default([]),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index('track_status_changes_track_at_idx').on(t.trackId, t.at)],
);
