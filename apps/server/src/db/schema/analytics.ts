import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The raw history analytics are rolled up from: one row each time a robot's state, connection,
 * track, point, target or alarms changed, and at least one a minute while nothing does. Keyed by
 * the robot and the status's own time, so a status heard twice (or by two server instances) is
 * one row; a late one takes its place in time (docs/analytics.md, "Rollups").
 */
export const analyticsRobotChanges = pgTable(
  'analytics_robot_changes',
  {
    sn: varchar('sn', { length: 64 }).notNull(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    online: smallint('online').notNull(),
    state: varchar('state', { length: 16 }).notNull(),
    trackId: integer('track_id'),
    point: integer('point'),
    target: integer('target'),
    alarms: jsonb('alarms').$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.sn, t.at] }), index('analytics_robot_changes_at_idx').on(t.at)],
);

/** A robot's hour on one track (`track_id` 0: none): its time in each state, distance and charging. */
export const analyticsRobotHours = pgTable(
  'analytics_robot_hours',
  {
    sn: varchar('sn', { length: 64 }).notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    trackId: integer('track_id').notNull(),
    onlineMs: integer('online_ms').notNull(),
    busyMs: integer('busy_ms').notNull(),
    idleMs: integer('idle_ms').notNull(),
    chargingMs: integer('charging_ms').notNull(),
    sleepMs: integer('sleep_ms').notNull(),
    alarmMs: integer('alarm_ms').notNull(),
    otherMs: integer('other_ms').notNull(),
    /** Online and not in a downtime alarm (the settings at roll-up time). */
    availableMs: integer('available_ms').notNull(),
    distance: doublePrecision('distance').notNull(),
    unknownPoints: integer('unknown_points').notNull(),
    chargeCycles: integer('charge_cycles').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sn, t.hour, t.trackId] }),
    index('analytics_robot_hours_hour_idx').on(t.hour),
    index('analytics_robot_hours_track_hour_idx').on(t.trackId, t.hour),
  ],
);

/** Trips that ended in an hour, per robot, track and target point. */
export const analyticsDeliveryHours = pgTable(
  'analytics_delivery_hours',
  {
    sn: varchar('sn', { length: 64 }).notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    trackId: integer('track_id').notNull(),
    target: integer('target').notNull(),
    delivered: integer('delivered').notNull(),
    deliveryMs: doublePrecision('delivery_ms').notNull(),
    dwellMs: doublePrecision('dwell_ms').notNull(),
    dwells: integer('dwells').notNull(),
    abortedNewTarget: integer('aborted_new_target').notNull(),
    abortedAlarm: integer('aborted_alarm').notNull(),
    abortedOffline: integer('aborted_offline').notNull(),
    abortedOther: integer('aborted_other').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sn, t.hour, t.trackId, t.target] }),
    index('analytics_delivery_hours_hour_idx').on(t.hour),
    index('analytics_delivery_hours_track_hour_idx').on(t.trackId, t.hour),
  ],
);

/** Analytics settings by key: `downtime_alarms`, `opening_hours:{sessionId}`. */
export const analyticsSettings = pgTable('analytics_settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
});
