import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The alarm center (modules/alarms): one row per occurrence of (robot, code). At most one active
 * row per robot and code, also with several server instances (the partial unique index).
 */
export const alarms = pgTable(
  'alarms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    robotSn: varchar('robot_sn', { length: 64 }).notNull(),
    trackId: integer('track_id'),
    code: varchar('code', { length: 64 }).notNull(),
    severity: varchar('severity', { length: 16 }).notNull(),
    active: boolean('active').notNull().default(true),
    acknowledged: boolean('acknowledged').notNull().default(false),
    acknowledgedBy: varchar('acknowledged_by', { length: 64 }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true, precision: 3 }),
    assigneeId: integer('assignee_id'),
    raisedAt: timestamp('raised_at', { withTimezone: true, precision: 3 }).notNull(),
    lastRaisedAt: timestamp('last_raised_at', { withTimezone: true, precision: 3 }).notNull(),
    count: integer('count').notNull().default(1),
    clearedAt: timestamp('cleared_at', { withTimezone: true, precision: 3 }),
    clearedBy: varchar('cleared_by', { length: 16 }),
    suppressed: boolean('suppressed').notNull().default(false),
    flapping: boolean('flapping').notNull().default(false),
    /** Raised while its robot or track was in maintenance (modules/alarms/maintenance.ts). */
    maintenance: boolean('maintenance').notNull().default(false),
    /** The reset command last sent for it; its acknowledgement makes the next clear an operator's. */
    resetCommandId: varchar('reset_command_id', { length: 64 }),
    resetAcknowledged: boolean('reset_acknowledged').notNull().default(false),
    /** Escalation's claims (modules/alarms/escalation.ts): set by the one instance that escalated it or told again. */
    escalatedAt: timestamp('escalated_at', { withTimezone: true, precision: 3 }),
    renotifiedAt: timestamp('renotified_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('alarms_active_robot_code_idx').on(t.robotSn, t.code).where(sql`${t.active}`),
    index('alarms_raised_id_idx').on(t.raisedAt, t.id),
    index('alarms_robot_raised_idx').on(t.robotSn, t.raisedAt),
    index('alarms_track_raised_idx').on(t.trackId, t.raisedAt),
    // A rare code or severity: its page and capped count without walking the time index (bench/alarms).
    index('alarms_code_raised_idx').on(t.code, t.raisedAt, t.id),
    index('alarms_severity_raised_idx').on(t.severity, t.raisedAt, t.id),
    // The header's count: active, unacknowledged, per severity.
    index('alarms_open_severity_idx').on(t.severity).where(sql`${t.active} AND NOT ${t.acknowledged}`),
    // Re-notification: the active, acknowledged alarms.
    index('alarms_active_acked_idx').on(t.acknowledgedAt).where(sql`${t.active} AND ${t.acknowledged}`),
  ],
);

/** An alarm's timeline: the system's entries and people's comments. */
export const alarmEvents = pgTable(
  'alarm_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alarmId: bigint('alarm_id', { mode: 'number' })
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    time: timestamp('time', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    kind: varchar('kind', { length: 24 }).notNull(),
    username: varchar('username', { length: 64 }),
    text: text('text'),
    count: integer('count'),
    assigneeId: integer('assignee_id'),
    clearedBy: varchar('cleared_by', { length: 16 }),
  },
  (t) => [index('alarm_events_alarm_idx').on(t.alarmId, t.id)],
);
