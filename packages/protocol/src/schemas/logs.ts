import { z } from 'zod';
import { LOG_LEVELS, LOG_SOURCES } from '../enums.ts';
import { LOCALES, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../limits.ts';
import { SN_PATTERN } from '../mqtt/topics.ts';
import { bigintId, dbId, isoDateTime, PAGE_MAX, timeZone } from './common.ts';

/** `pageSize=all` answers at most this many newest records, with `truncated` set when more match. */
export const LOG_PAGE_ALL_CAP = 100_000;
/** `pageSize=all` also stops at this many bytes of record text (messages are up to 10,000 characters each). */
export const LOG_PAGE_ALL_MAX_BYTES = 16 * 1024 * 1024;
/**
 * Totals are counted up to this many (500 pages of 20); beyond it `totalCapped` is set and the
 * console shows "10,000+". An exact count of millions of records costs seconds (docs/benchmarks.md).
 */
export const LOG_COUNT_CAP = 10_000;
/** Records one `DELETE /logs {ids}` may name. */
export const LOG_DELETE_IDS_MAX = 100_000;
export const LOG_QUERY_MAX = 200;
export const LOG_TYPE_MAX = 64;
export const LOG_MESSAGE_MAX = 10_000;

/** Record types the server writes for its own events; devices may send any other type. */
export const LOG_EVENT_TYPES = [
  'robot_registered',
  'robot_online',
  'robot_offline',
  'alarm_raised',
  'alarm_cleared',
  'command_failed',
  'command_timed_out',
  'track_status_changed',
] as const;
export type LogEventType = (typeof LOG_EVENT_TYPES)[number];

/**
 * Record types robots and track controllers send (`hcpro4/logs/{source}`): a connection, a state
 * change, an alarm, a configuration write, a map, a command, a dispatch, a robot joining the track, the
 * track's status, an update, the audio clips, charging. The console names these and the server's own; any other type is shown as sent.
 */
export const DEVICE_LOG_TYPES = [
  'connection',
  'state',
  'alarm',
  'config',
  'map',
  'command',
  'dispatch',
  'register',
  'status',
  'update',
  'audio',
  'battery',
] as const;
export type DeviceLogType = (typeof DEVICE_LOG_TYPES)[number];

/** Every record type the console has a name for. */
export const KNOWN_LOG_TYPES = [...LOG_EVENT_TYPES, ...DEVICE_LOG_TYPES] as const;

export const logLevel = z.enum(LOG_LEVELS);
export const logSource = z.enum(LOG_SOURCES);

/** The Log record (DESIGN section 5); names are joined in at write time so they survive a rename. */
export const logRecord = z.object({
  id: z.number().int(),
  time: z.string(),
  source: logSource,
  type: z.string(),
  trackId: z.number().int().nullable(),
  trackName: z.string().nullable(),
  robotSn: z.string().nullable(),
  robotName: z.string().nullable(),
  message: z.string(),
  level: logLevel,
  /** The time the device wrote in its payload; `time` is when the server received the record. */
  deviceTime: z.string().nullable().optional(),
  /** Who published it on the broker: `robot:{sn}`, `track:{id}`, or the user who sent a system message. */
  sender: z.string().nullable().optional(),
});
export type LogRecord = z.infer<typeof logRecord>;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOfDay = z.string().regex(HH_MM, { error: 'invalid_time_of_day' });

const logFilterFields = {
  q: z.string().trim().max(LOG_QUERY_MAX, { error: 'too_long' }).optional(),
  source: logSource.optional(),
  trackId: dbId.optional(),
  robotSn: z.string().regex(SN_PATTERN, { error: 'invalid_sn' }).optional(),
  type: z.string().trim().min(1).max(LOG_TYPE_MAX, { error: 'too_long' }).optional(),
  level: logLevel.optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  /** `HH:mm` window applied to every day of the range, in `tz`; timeFrom > timeTo spans midnight. */
  timeFrom: timeOfDay.optional(),
  timeTo: timeOfDay.optional(),
  /** The zone `timeFrom`/`timeTo` are read in: the user's own. */
  tz: timeZone.default('UTC'),
};

type FilterShape = { from?: string; to?: string };
const rangeInOrder = (f: FilterShape) => !f.from || !f.to || Date.parse(f.from) <= Date.parse(f.to);
const rangeIssue = { error: 'range_reversed', path: ['to'] };

/** The filters every logs call shares (list, export, delete by filter). */
export const logFilter = z.object(logFilterFields).refine(rangeInOrder, rangeIssue);
export type LogFilter = z.infer<typeof logFilter>;

export const listLogsQuery = z
  .object({
    ...logFilterFields,
    page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
    pageSize: z.union([z.literal('all'), z.coerce.number().int().min(1).max(PAGE_SIZE_MAX)]).default(PAGE_SIZE_DEFAULT),
  })
  .refine(rangeInOrder, rangeIssue);
export type ListLogsQuery = z.infer<typeof listLogsQuery>;

export const logPage = z.object({
  items: z.array(logRecord),
  /** Matching records, counted up to LOG_COUNT_CAP (or what this page reaches, if further). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.union([z.number().int(), z.literal('all')]),
  /** More than `total` records match (the count stopped at LOG_COUNT_CAP). */
  totalCapped: z.boolean(),
  /** `pageSize=all` answered only the newest LOG_PAGE_ALL_CAP records, or fewer when they reached LOG_PAGE_ALL_MAX_BYTES. */
  truncated: z.boolean(),
  /**
   * The free text took too long over the whole range, so only the newest records that pass the
   * other filters were searched (docs/logs.md, "Over millions of records"): there may be more
   * matches, older ones; a date range searches them all.
   */
  partialSearch: z.boolean(),
});
export type LogPage = z.infer<typeof logPage>;

export const LOG_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type LogExportFormat = (typeof LOG_EXPORT_FORMATS)[number];

export const exportLogsQuery = z
  .object({ ...logFilterFields, format: z.enum(LOG_EXPORT_FORMATS).default('csv'), lang: z.enum(LOCALES).default('zh-TW') })
  .refine(rangeInOrder, rangeIssue);
export type ExportLogsQuery = z.infer<typeof exportLogsQuery>;

/** `{ids}` removes those records; `{filter}` removes every record the filter matches (`{}`: all). */
export const deleteLogsBody = z
  .object({
    ids: z.array(bigintId).min(1, { error: 'no_records_selected' }).max(LOG_DELETE_IDS_MAX).optional(),
    filter: logFilter.optional(),
  })
  .strict()
  .refine((b) => (b.ids === undefined) !== (b.filter === undefined), { error: 'ids_or_filter' });
export type DeleteLogsBody = z.infer<typeof deleteLogsBody>;

export const deleteLogsResult = z.object({ deleted: z.number().int() });
