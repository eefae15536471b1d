import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Every command and configuration write the console sent, tracked until its ack or timeout. */
export const commands = pgTable(
  'commands',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    target: varchar('target', { length: 80 }).notNull(),
    command: varchar('command', { length: 32 }).notNull(),
    args: jsonb('args'),
    status: varchar('status', { length: 16 }).notNull(),
    error: varchar('error', { length: 500 }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    username: varchar('username', { length: 64 }).notNull(),
  },
  (t) => [
    index('commands_target_sent_idx').on(t.target, t.sentAt),
    // The commands still waiting, for the sweep that times out those whose instance died (few rows).
    index('commands_waiting_idx').on(t.sentAt).where(sql`${t.status} = 'sent'`),
  ],
);
