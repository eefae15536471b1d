import { bigint, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Uploaded update files; the bytes live in the file store under `updates/{id}`. */
export const updateFiles = pgTable(
  'update_files',
  {
    id: serial('id').primaryKey(),
    filename: varchar('filename', { length: 128 }).notNull(),
    version: varchar('version', { length: 16 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    /** Ed25519 signature (base64) of the file's signed statement (lib/update-signing.ts); null until signed. */
    signature: varchar('signature', { length: 128 }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('update_files_filename_idx').on(t.filename)],
);

/** Staged rollouts of one file to a set of robots (first group, then the rest). */
export const updateRollouts = pgTable('update_rollouts', {
  id: serial('id').primaryKey(),
  fileId: integer('file_id')
    .notNull()
    .references(() => updateFiles.id),
  scope: jsonb('scope').notNull(),
  firstGroupSize: integer('first_group_size').notNull(),
  status: varchar('status', { length: 16 }).notNull(),
  stoppedSn: varchar('stopped_sn', { length: 64 }),
  stoppedReason: varchar('stopped_reason', { length: 500 }),
  username: varchar('username', { length: 64 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Update records (spec section 5): one device, one file, its verification code and status. */
export const updateRecords = pgTable(
  'update_records',
  {
    id: serial('id').primaryKey(),
    deviceType: varchar('device_type', { length: 16 }).notNull(),
    version: varchar('version', { length: 16 }).notNull(),
    deviceSerial: varchar('device_serial', { length: 64 }).notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    failureReason: varchar('failure_reason', { length: 500 }),
    fileId: integer('file_id')
      .notNull()
      .references(() => updateFiles.id),
    verificationCode: varchar('verification_code', { length: 16 }).notNull(),
    rolloutId: integer('rollout_id').references(() => updateRollouts.id, { onDelete: 'set null' }),
    rolloutGroup: varchar('rollout_group', { length: 8 }),
    /** The record's own device fetched the file with the code (a user's download from the console does not count). */
    downloadedBy: varchar('downloaded_by', { length: 64 }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    /** Set only when the device reported the record's version installed after its own download: the rollout gate counts these. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** A rollout's robot that answered "busy": when it is asked again, and since when it has been busy (its deadline counts from there). */
    retryAt: timestamp('retry_at', { withTimezone: true }),
    busySince: timestamp('busy_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('update_records_updated_idx').on(t.updatedAt),
    index('update_records_file_idx').on(t.fileId),
    index('update_records_rollout_idx').on(t.rolloutId),
    index('update_records_retry_idx').on(t.retryAt),
  ],
);

/** The version each on-site server and ordering tablet last reported (`hcpro4/versions/{username}`). */
export const deviceVersions = pgTable('device_versions', {
  username: varchar('username', { length: 80 }).primaryKey(),
  kind: varchar('kind', { length: 16 }).notNull(),
  sessionCode: varchar('session_code', { length: 32 }).notNull(),
  version: varchar('version', { length: 32 }).notNull(),
  reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
});
