import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * Log records. Track and robot names are copied in when a record is written, so a record stays
 * readable after a rename or a removal. Indexes follow the measured queries (docs/benchmarks.md).
 */
export const logs = pgTable(
  'logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    time: timestamp('time', { withTimezone: true, precision: 3 }).notNull(),
    source: varchar('source', { length: 16 }).notNull(),
    type: varchar('type', { length: 64 }).notNull(),
    trackId: integer('track_id'),
    trackName: varchar('track_name', { length: 128 }),
    robotSn: varchar('robot_sn', { length: 64 }),
    robotName: varchar('robot_name', { length: 64 }),
    message: text('message').notNull(),
    level: varchar('level', { length: 16 }).notNull(),
    /** The time a device wrote in its payload: shown, never trusted for ordering or retention (`time` is when the server received it). */
    deviceTime: timestamp('device_time', { withTimezone: true, precision: 3 }),
    /** Who published it on the broker (`robot:{sn}`, `track:{id}`, the user of a console's system message); null for the server's own. */
    sender: varchar('sender', { length: 128 }),
    /**
     * The message as readers see it where that differs from `message` (zh-TW and en renderings), and
     * `message` itself when it holds Chinese; CJK characters written twice so that two-character
     * words reach the trigram index (modules/logs/search-text.ts). Null: `message` says it all.
     */
    searchText: text('search_text'),
    /**
     * The broker message the record came from (topic and payload digested, modules/logs/delivery-key.ts):
     * a message delivered again after an instance died before acknowledging it is stored once.
     * Null for the server's own events.
     */
    deliveryKey: uuid('delivery_key'),
  },
  (t) => [
    // Newest first, and the keyset cursor of exports and batched deletes.
    index('logs_time_id_idx').on(t.time, t.id),
    index('logs_robot_time_idx').on(t.robotSn, t.time),
    index('logs_track_time_idx').on(t.trackId, t.time),
    // A track's, or every robot's, records of one level over days or weeks, newest first. The id makes
    // the page's order the index's own and lets the page and its count read the index alone, with
    // no visit to each match's record (docs/benchmarks.md, "Logs").
    index('logs_track_level_time_idx').on(t.trackId, t.level, t.time, t.id),
    index('logs_level_time_idx').on(t.level, t.time, t.id),
    // Free text is an ILIKE on the message; the trigram index answers it without a scan.
    index('logs_message_trgm_idx').using('gin', t.message.op('gin_trgm_ops')),
    // Free text in the readers' words (both languages); rows where it is null cost the index nothing to speak of.
    index('logs_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    uniqueIndex('logs_delivery_key_idx').on(t.deliveryKey).where(sql`${t.deliveryKey} IS NOT NULL`),
  ],
);

/**
 * How far the filling of `search_text` for records written before it existed has come: records with
 * an id below `belowId` are still to do (newest first). One row; none once done.
 */
export const logSearchBackfill = pgTable('log_search_backfill', {
  belowId: bigint('below_id', { mode: 'number' }).primaryKey(),
});

/** Every record type seen, so the type filter's choices need no scan of millions of records. */
export const logTypes = pgTable('log_types', {
  type: varchar('type', { length: 64 }).primaryKey(),
});
