import { bigint, doublePrecision, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Summaries of the hourly rollups (analytics.ts), kept by the same recompute that replaces those
 * (modules/analytics/summary-repository.ts): the fleet's and a track's figures read these instead
 * of every robot-hour (docs/analytics.md, "Summaries"). Days are UTC days; a period's edges that
 * are not whole UTC days are read from the hourly rows, so any zone's period is answered exactly.
 */
const timeColumns = {
  onlineMs: bigint('online_ms', { mode: 'number' }).notNull(),
  busyMs: bigint('busy_ms', { mode: 'number' }).notNull(),
  idleMs: bigint('idle_ms', { mode: 'number' }).notNull(),
  chargingMs: bigint('charging_ms', { mode: 'number' }).notNull(),
  sleepMs: bigint('sleep_ms', { mode: 'number' }).notNull(),
  alarmMs: bigint('alarm_ms', { mode: 'number' }).notNull(),
  otherMs: bigint('other_ms', { mode: 'number' }).notNull(),
  availableMs: bigint('available_ms', { mode: 'number' }).notNull(),
};

/** Every robot's hour on one track, summed (`analytics_robot_hours` by track and hour). */
export const analyticsTrackHours = pgTable(
  'analytics_track_hours',
  {
    trackId: integer('track_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    ...timeColumns,
    distance: doublePrecision('distance').notNull(),
    unknownPoints: integer('unknown_points').notNull(),
    chargeCycles: integer('charge_cycles').notNull(),
  },
  (t) => [primaryKey({ columns: [t.trackId, t.hour] }), index('analytics_track_hours_hour_idx').on(t.hour)],
);

/** Trips that ended in an hour on one track, every robot and target summed (`analytics_delivery_hours`). */
export const analyticsTrackDeliveryHours = pgTable(
  'analytics_track_delivery_hours',
  {
    trackId: integer('track_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    delivered: integer('delivered').notNull(),
    deliveryMs: doublePrecision('delivery_ms').notNull(),
    dwellMs: doublePrecision('dwell_ms').notNull(),
    dwells: integer('dwells').notNull(),
    abortedNewTarget: integer('aborted_new_target').notNull(),
    abortedAlarm: integer('aborted_alarm').notNull(),
    abortedOffline: integer('aborted_offline').notNull(),
    abortedOther: integer('aborted_other').notNull(),
  },
  (t) => [primaryKey({ columns: [t.trackId, t.hour] }), index('analytics_track_delivery_hours_hour_idx').on(t.hour)],
);

/** A robot's UTC day on one track: its time in each state (the per-robot figures). */
export const analyticsRobotDays = pgTable(
  'analytics_robot_days',
  {
    sn: varchar('sn', { length: 64 }).notNull(),
    day: timestamp('day', { withTimezone: true }).notNull(),
    trackId: integer('track_id').notNull(),
    ...timeColumns,
  },
  (t) => [
    primaryKey({ columns: [t.sn, t.day, t.trackId] }),
    index('analytics_robot_days_day_idx').on(t.day),
    index('analytics_robot_days_track_day_idx').on(t.trackId, t.day),
  ],
);

/** Trips that ended in a UTC day per track and target point (deliveries per table). */
export const analyticsTargetDays = pgTable(
  'analytics_target_days',
  {
    trackId: integer('track_id').notNull(),
    day: timestamp('day', { withTimezone: true }).notNull(),
    target: integer('target').notNull(),
    delivered: integer('delivered').notNull(),
    deliveryMs: doublePrecision('delivery_ms').notNull(),
    aborted: integer('aborted').notNull(),
  },
  (t) => [primaryKey({ columns: [t.trackId, t.day, t.target] }), index('analytics_target_days_day_idx').on(t.day)],
);
