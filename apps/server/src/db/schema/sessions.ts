import { sql } from 'drizzle-orm';
import { pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** On-site controllers. A track's `session_id` says which one owns it (one session per track). */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    /** Canonical form: upper-case with colons (protocol canonicalMac). */
    mac: varchar('mac', { length: 17 }).notNull(),
    note: varchar('note', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_code_lower_idx').on(sql`lower(${t.code})`), uniqueIndex('sessions_mac_idx').on(t.mac)],
);
