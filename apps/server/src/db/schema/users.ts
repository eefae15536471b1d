import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 32 }).notNull(),
    nickname: varchar('nickname', { length: 64 }),
    passwordHash: varchar('password_hash', { length: 255 }).notNull(),
    permission: smallint('permission').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    /** Signed into every token; raising it ends the user's tokens (logout, password, level, deactivation). */
    tokenVersion: integer('token_version').notNull().default(0),
    /** A generated password: the next sign-in must choose a new one before anything else. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`)],
);
