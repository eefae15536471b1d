import { z } from 'zod';
import { LOCALES } from '../limits.ts';
import { isoDateTime, timeZone } from './common.ts';
import { LOG_EXPORT_FORMATS } from './logs.ts';

/** The longest period one alarm report covers. */
export const ALARM_REPORT_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

/** The three ways the report groups alarms; `GET /alarms/report` answers all three at once. */
export const ALARM_REPORT_GROUPINGS = ['robot', 'track', 'code'] as const;
export type AlarmReportGrouping = (typeof ALARM_REPORT_GROUPINGS)[number];

const periodFields = { from: isoDateTime, to: isoDateTime };
type Period = { from: string; to: string };
const inOrder = (p: Period) => Date.parse(p.from) < Date.parse(p.to);
const notTooLong = (p: Period) => Date.parse(p.to) - Date.parse(p.from) <= ALARM_REPORT_MAX_DAYS * DAY_MS;

const reversed = { error: 'range_reversed', path: ['to'] };
const tooLong = { error: 'range_too_long', path: ['to'] };

/** `GET /alarms/report?from&to`: a period `[from, to)`, `from` before `to`, at most ALARM_REPORT_MAX_DAYS long. */
export const alarmReportQuery = z.object(periodFields).refine(inOrder, reversed).refine(notTooLong, tooLong);
export type AlarmReportQuery = z.infer<typeof alarmReportQuery>;

/** `GET /alarms/report/export?from&to&groupBy&format&lang&tz`: one grouping as CSV or XLSX, like logs. */
export const exportAlarmReportQuery = z
  .object({
    ...periodFields,
    groupBy: z.enum(ALARM_REPORT_GROUPINGS),
    format: z.enum(LOG_EXPORT_FORMATS).default('csv'),
    lang: z.enum(LOCALES).default('zh-TW'),
    tz: timeZone.default('UTC'),
  })
  .refine(inOrder, reversed)
  .refine(notTooLong, tooLong);
export type ExportAlarmReportQuery = z.infer<typeof exportAlarmReportQuery>;

/**
 * The figures of one group. `count`: alarms raised in the period. The means are over those of them
 * acknowledged / cleared (whenever that was; null when none was). `downtimeSeconds`: the time, clipped
 * to the period, in which a downtime code was active (a robot's overlapping codes count once).
 */
export const alarmReportFigures = z.object({
  count: z.number().int(),
  acknowledged: z.number().int(),
  meanAckSeconds: z.number().nullable(),
  cleared: z.number().int(),
  meanClearSeconds: z.number().nullable(),
  downtimeSeconds: z.number(),
});
export type AlarmReportFigures = z.infer<typeof alarmReportFigures>;

export const alarmReportRobotRow = alarmReportFigures.extend({ robotSn: z.string(), robotName: z.string().nullable() });
/** `trackId` null: alarms of robots on no track. */
export const alarmReportTrackRow = alarmReportFigures.extend({
  trackId: z.number().int().nullable(),
  trackName: z.string().nullable(),
});
export const alarmReportCodeRow = alarmReportFigures.extend({ code: z.string() });
export type AlarmReportRobotRow = z.infer<typeof alarmReportRobotRow>;
export type AlarmReportTrackRow = z.infer<typeof alarmReportTrackRow>;
export type AlarmReportCodeRow = z.infer<typeof alarmReportCodeRow>;

export const alarmReport = z.object({
  from: z.string(),
  to: z.string(),
  /** The codes whose active time is downtime (the administrator's setting). */
  downtimeCodes: z.array(z.string()),
  total: alarmReportFigures,
  byRobot: z.array(alarmReportRobotRow),
  byTrack: z.array(alarmReportTrackRow),
  byCode: z.array(alarmReportCodeRow),
});
export type AlarmReport = z.infer<typeof alarmReport>;
