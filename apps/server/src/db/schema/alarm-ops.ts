import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { alarms } from './alarms.ts';

/** Maintenance windows (modules/alarms/maintenance.ts): a robot or a track, until a time or until ended. */
export const alarmMaintenance = pgTable(
  'alarm_maintenance',
  {
    id: serial('id').primaryKey(),
    robotSn: varchar('robot_sn', { length: 64 }),
    trackId: integer('track_id'),
    until: timestamp('until', { withTimezone: true, precision: 3 }).notNull(),
    reason: varchar('reason', { length: 200 }),
    createdBy: varchar('created_by', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true, precision: 3 }),
    endedBy: varchar('ended_by', { length: 64 }),
  },
  (t) => [index('alarm_maintenance_open_idx').on(t.until).where(sql`${t.endedAt} IS NULL`)],
);

/**
 * Track incidents (modules/alarms/incidents.ts): at most one active incident per track and code,
 * also with several server instances (the partial unique index decides).
 */
export const alarmIncidents = pgTable(
  'alarm_incidents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    trackId: integer('track_id').notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    active: boolean('active').notNull().default(true),
    openedAt: timestamp('opened_at', { withTimezone: true, precision: 3 }).notNull(),
    lastRaisedAt: timestamp('last_raised_at', { withTimezone: true, precision: 3 }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('alarm_incidents_active_track_code_idx').on(t.trackId, t.code).where(sql`${t.active}`),
    index('alarm_incidents_opened_idx').on(t.openedAt, t.id),
  ],
);

/** The alarms of an incident, with the point each robot stood at when it raised it (null: unknown). */
export const alarmIncidentMembers = pgTable(
  'alarm_incident_members',
  {
    incidentId: bigint('incident_id', { mode: 'number' })
      .notNull()
      .references(() => alarmIncidents.id, { onDelete: 'cascade' }),
    alarmId: bigint('alarm_id', { mode: 'number' })
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    robotSn: varchar('robot_sn', { length: 64 }).notNull(),
    point: integer('point'),
  },
  (t) => [primaryKey({ columns: [t.incidentId, t.alarmId] }), index('alarm_incident_members_alarm_idx').on(t.alarmId)],
);
