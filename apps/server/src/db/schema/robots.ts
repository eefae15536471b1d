import { type SQL, sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Robots, registered on their first status. The live state is kept in memory by the robots
 * module and written here only when something the console shows changes (and `last_update`
 * coarsely), in batches; every server instance reads from this table.
 */
export const robots = pgTable(
  'robots',
  {
    id: serial('id').primaryKey(),
    sn: varchar('sn', { length: 64 }).notNull(),
    /** Set by the console (rename); wins over the robot's own name once set. */
    consoleName: varchar('console_name', { length: 64 }),
    /** The name the robot reports in its status. */
    reportedName: varchar('reported_name', { length: 64 }),
    lastTrackName: varchar('last_track_name', { length: 128 }),
    trackId: integer('track_id'),
    point: integer('point'),
    connection: varchar('connection', { length: 16 }).notNull(),
    battery: doublePrecision('battery').notNull(),
    state: varchar('state', { length: 16 }).notNull(),
    /** Derived by the protocol's robotHealth rule at write time, stored so lists can filter and sort on it. */
    health: varchar('health', { length: 16 }).notNull(),
    alarms: jsonb('alarms').$type<string[]>().notNull(),
    firmware: varchar('firmware', { length: 64 }),
    ip: varchar('ip', { length: 64 }),
    /** When the server last heard from the robot; the guard of concurrent writers (newest wins). */
    lastUpdate: timestamp('last_update', { withTimezone: true, precision: 3 }).notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    uniqueIndex('robots_sn_idx').on(t.sn),
    // Not on last_update: every write changes it, and an indexed column changed makes PostgreSQL
    // update every index of the row (no HOT update). Looking for silent robots reads the table.
    index('robots_connection_idx').on(t.connection),
    index('robots_track_idx').on(t.trackId),
    index('robots_search_trgm_idx').using('gin', sql`(${robotSearchText(t)}) gin_trgm_ops`),
  ],
);

/** The name the console shows: its own once set, else the robot's, else the SN. */
export function robotDisplayName(t: { consoleName: unknown; reportedName: unknown; sn: unknown }): SQL {
  return sql`coalesce(${t.consoleName}, ${t.reportedName}, ${t.sn})`;
}

/** What `q` searches: SN, both names and the last track's name; queries use the same expression as the index. */
export function robotSearchText(t: { sn: unknown; consoleName: unknown; reportedName: unknown; lastTrackName: unknown }): SQL {
  return sql`${t.sn} || ' ' || coalesce(${t.consoleName}, '') || ' ' || coalesce(${t.reportedName}, '') || ' ' || coalesce(${t.lastTrackName}, '')`;
}

/** The robot's retained configuration report (`HCP4/{sn}/config/report`), the groups that passed validation. */
export const robotConfigs = pgTable('robot_configs', {
  sn: varchar('sn', { length: 64 }).primaryKey(),
  config: jsonb('config').$type<Record<string, Record<string, unknown>>>().notNull(),
  reportedAt: timestamp('reported_at', { withTimezone: true, precision: 3 }).notNull(),
});
