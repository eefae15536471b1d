import { z } from 'zod';
import { ALARM_CODES } from '../enums.ts';
import { LOCALES } from '../limits.ts';
import { SN_PATTERN } from '../mqtt/topics.ts';
import { isoDateTime, queryDbId, timeZone } from './common.ts';

/** Longest range one analytics request may cover (docs/analytics.md). */
export const ANALYTICS_RANGE_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

export const ANALYTICS_GRANULARITIES = ['hour', 'day'] as const;
export type AnalyticsGranularity = (typeof ANALYTICS_GRANULARITIES)[number];

/** How a trip that did not arrive ended (docs/analytics.md, "Delivery"). */
export const ABORT_REASONS = ['new_target', 'alarm', 'offline', 'other'] as const;
export type AbortReason = (typeof ABORT_REASONS)[number];

/** The states a robot's online time is divided into; `busy` is goto, arrive and return. */
export const UTILISATION_STATES = ['busy', 'idle', 'charging', 'sleep', 'alarm', 'other'] as const;
export type UtilisationState = (typeof UTILISATION_STATES)[number];

const scopeFields = {
  // Query-string text only: the API document then names one form, not a one-member `anyOf`.
  sessionId: queryDbId.optional(),
  trackId: queryDbId.optional(),
  robotSn: z.string().regex(SN_PATTERN, { error: 'invalid_sn' }).optional(),
};
type ScopeShape = { sessionId?: number; trackId?: number; robotSn?: string };
const oneScopeAtMost = (q: ScopeShape) => [q.sessionId, q.trackId, q.robotSn].filter((v) => v !== undefined).length <= 1;

/**
 * The query every analytics call takes: the range `[from, to)`, the zone its days are read in, the
 * buckets of `series`, and the scope — none (the whole fleet) or one of session, track and robot.
 */
const queryFields = {
  from: isoDateTime,
  to: isoDateTime,
  tz: timeZone.default('UTC'),
  granularity: z.enum(ANALYTICS_GRANULARITIES).default('day'),
  ...scopeFields,
};
type RangeShape = { from: string; to: string } & ScopeShape;
const checkedQuery = <T extends z.ZodType<RangeShape>>(schema: T) =>
  schema
    .refine((q) => Date.parse(q.from) < Date.parse(q.to), { error: 'range_reversed', path: ['to'] })
    .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= ANALYTICS_RANGE_MAX_DAYS * DAY_MS, {
      error: 'range_too_long',
      path: ['to'],
    })
    .refine(oneScopeAtMost, { error: 'one_scope_only', path: ['sessionId'] });
export const analyticsQuery = checkedQuery(z.object(queryFields));
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

/** The tables of the analytics screen, each exported as on screen (docs/analytics.md, "Export"). */
export const ANALYTICS_EXPORT_TABLES = ['heatMap', 'perTable', 'perRobot', 'availability', 'perTrack'] as const;
export type AnalyticsExportTable = (typeof ANALYTICS_EXPORT_TABLES)[number];
export const ANALYTICS_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type AnalyticsExportFormat = (typeof ANALYTICS_EXPORT_FORMATS)[number];

/** One table of the screen as a download, in the reader's language: the analytics query and the table. */
export const analyticsExportQuery = checkedQuery(
  z.object({
    ...queryFields,
    table: z.enum(ANALYTICS_EXPORT_TABLES),
    format: z.enum(ANALYTICS_EXPORT_FORMATS).default('csv'),
    lang: z.enum(LOCALES).default('zh-TW'),
  }),
);
export type AnalyticsExportQuery = z.infer<typeof analyticsExportQuery>;

/** Today's summary (the dashboard, every level): the server chooses the range, today in `tz`. */
export const analyticsTodayQuery = z
  .object({ tz: timeZone.default('UTC'), ...scopeFields })
  .strict()
  .refine(oneScopeAtMost, { error: 'one_scope_only', path: ['sessionId'] });
export type AnalyticsTodayQuery = z.infer<typeof analyticsTodayQuery>;

/** The figures of one period (docs/analytics.md defines each). Times in milliseconds. */
export const analyticsFigures = z.object({
  deliveries: z.number().int(),
  aborted: z.number().int(),
  /** Mean delivery time; null without deliveries. */
  meanDeliveryMs: z.number().nullable(),
  meanDwellMs: z.number().nullable(),
  /** Along the saved map's paths, in map units times the map's scale. */
  distance: z.number(),
  /** 0..1; null when no robot was online. */
  utilisation: z.number().nullable(),
  /** 0..1; null when the period holds no opening hours. */
  availability: z.number().nullable(),
  chargeCycles: z.number().int(),
  chargingMs: z.number(),
  onlineMs: z.number(),
  /** Points robots reported that their track's saved map does not have (diagnostics; they add no distance). */
  unknownPoints: z.number().int(),
});
export type AnalyticsFigures = z.infer<typeof analyticsFigures>;

const bucket = { t: z.string() };

export const summarySeriesPoint = z.object({
  ...bucket,
  deliveries: z.number().int(),
  aborted: z.number().int(),
  distance: z.number(),
});
export const deliverySeriesPoint = z.object({
  ...bucket,
  deliveries: z.number().int(),
  aborted: z.number().int(),
  meanDeliveryMs: z.number().nullable(),
});
const stateMs = z.object(
  Object.fromEntries(UTILISATION_STATES.map((s) => [s, z.number()])) as Record<UtilisationState, z.ZodNumber>,
);
export const utilisationSeriesPoint = z.object({ ...bucket, ...stateMs.shape, utilisation: z.number().nullable() });
export const availabilitySeriesPoint = z.object({ ...bucket, availability: z.number().nullable(), openMs: z.number() });

const answer = <T extends z.ZodType>(point: T) => ({
  summary: analyticsFigures,
  previous: analyticsFigures,
  series: z.array(point),
});

export const analyticsSummary = z.object(answer(summarySeriesPoint));
export type AnalyticsSummary = z.infer<typeof analyticsSummary>;

/** A track's deliveries and utilisation over a period (0..1; null when none of its robots was online). */
const trackFigures = z.object({
  trackId: z.number().int(),
  name: z.string(),
  deliveries: z.number().int(),
  aborted: z.number().int(),
  utilisation: z.number().nullable(),
});

/** Today's summary for the dashboard, with each track's deliveries and utilisation so far. */
export const analyticsToday = z.object({
  ...answer(summarySeriesPoint),
  byTrack: z.array(trackFigures),
});
export type AnalyticsToday = z.infer<typeof analyticsToday>;

export const analyticsDeliveries = z.object({
  ...answer(deliverySeriesPoint),
  /** Deliveries per target point, with the table names the saved map gives it. */
  byTable: z.array(
    z.object({
      trackId: z.number().int().nullable(),
      target: z.number().int(),
      tables: z.array(z.string()),
      deliveries: z.number().int(),
      aborted: z.number().int(),
      meanDeliveryMs: z.number().nullable(),
    }),
  ),
  /** Deliveries by weekday (0 Sunday) and hour of day, in `tz`: 7 rows of 24. */
  byWeekdayHour: z.array(z.array(z.number().int())),
  abortedByReason: z.object(
    Object.fromEntries(ABORT_REASONS.map((r) => [r, z.number().int()])) as Record<AbortReason, z.ZodNumber>,
  ),
});
export type AnalyticsDeliveries = z.infer<typeof analyticsDeliveries>;

export const analyticsUtilisation = z.object({
  ...answer(utilisationSeriesPoint),
  byRobot: z.array(z.object({ sn: z.string(), name: z.string(), ...stateMs.shape, utilisation: z.number().nullable() })),
});
export type AnalyticsUtilisation = z.infer<typeof analyticsUtilisation>;

export const analyticsAvailability = z.object({
  ...answer(availabilitySeriesPoint),
  /** Every track of the scope side by side (the per-track comparison). */
  byTrack: z.array(trackFigures.extend({ availability: z.number().nullable(), distance: z.number() })),
});
export type AnalyticsAvailability = z.infer<typeof analyticsAvailability>;

/** Opening hours: whole hours of the day in `tz`; `open` > `close` spans midnight; 0-24 is the whole day. */
export const openingHours = z
  .object({ open: z.number().int().min(0).max(23), close: z.number().int().min(1).max(24), tz: timeZone })
  .refine((h) => h.open !== h.close, { error: 'empty_opening_hours', path: ['close'] });
export type OpeningHours = z.infer<typeof openingHours>;
export const WHOLE_DAY: Omit<OpeningHours, 'tz'> = { open: 0, close: 24 };

/** The administrator's analytics settings: which alarm codes count as downtime. */
export const analyticsSettings = z.object({ downtimeAlarms: z.array(z.enum(ALARM_CODES)).max(ALARM_CODES.length) });
export type AnalyticsSettings = z.infer<typeof analyticsSettings>;
/** Until an administrator chooses: every alarm but a low battery (the robot still serves). */
export const DEFAULT_DOWNTIME_ALARMS = ALARM_CODES.filter((c) => c !== 'low_battery');

export const analyticsRebuildBody = z
  .object({ from: isoDateTime, to: isoDateTime })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), { error: 'range_reversed', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= ANALYTICS_RANGE_MAX_DAYS * DAY_MS, {
    error: 'range_too_long',
    path: ['to'],
  });
export const analyticsRebuildResult = z.object({ robots: z.number().int(), hours: z.number().int() });
