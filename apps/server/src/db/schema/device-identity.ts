import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sessions } from './sessions.ts';

/**
 * Enrollment keys (docs/protocol.md, "Device enrollment"): made per session, kept only as a keyed
 * hash (HMAC-SHA-256 with the server's credential key), spent one use per enrolled device.
 */
export const enrollmentKeys = pgTable(
  'enrollment_keys',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    usesLeft: integer('uses_left').notNull(),
    /** The serial numbers (or `track-{id}` names) the key may enrol; null: any. */
    serials: jsonb('serials').$type<string[]>(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    createdBy: varchar('created_by', { length: 64 }),
  },
  (t) => [uniqueIndex('enrollment_keys_hash_idx').on(t.keyHash), index('enrollment_keys_session_idx').on(t.sessionId)],
);

/**
 * One row per device that has a credential of its own or has signed in with the shared key.
 * `secretHash` is HMAC-SHA-256 of a random 192-bit secret; during a rotation `pendingHash` also
 * opens the device until `pendingUntil`, and replaces `secretHash` at its first use.
 */
export const deviceCredentials = pgTable(
  'device_credentials',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 16 }).notNull(),
    /** The robot's serial number, or the controller's track id. */
    identity: varchar('identity', { length: 64 }).notNull(),
    state: varchar('state', { length: 24 }).notNull(),
    secretHash: varchar('secret_hash', { length: 64 }),
    pendingHash: varchar('pending_hash', { length: 64 }),
    pendingUntil: timestamp('pending_until', { withTimezone: true, precision: 3 }),
    enrollmentKeyId: integer('enrollment_key_id'),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true, precision: 3 }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, precision: 3 }),
    lastSignInKind: varchar('last_sign_in_kind', { length: 16 }),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('device_credentials_identity_idx').on(t.kind, t.identity),
    index('device_credentials_state_idx').on(t.state),
  ],
);

/** One row (id 1): whether the shared DEVICE_KEY is still accepted. */
export const deviceSettings = pgTable('device_settings', {
  id: smallint('id').primaryKey().default(1),
  sharedKeyEnabled: boolean('shared_key_enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});
