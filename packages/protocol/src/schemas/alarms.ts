import { z } from 'zod';
import { ALARM_SEVERITIES, WIRE_ALARM_CODE_PATTERN } from '../alarm-catalogue.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../limits.ts';
import { SN_PATTERN } from '../mqtt/topics.ts';
import { bigintId, int4Id, isoDateTime, PAGE_MAX } from './common.ts';

/** How an alarm was cleared: by its robot, by an operator's acknowledged reset, by the robot's removal, or by the server (its own `robot_offline`). */
export const ALARM_CLEARED_BY = ['device', 'operator', 'removal', 'server'] as const;
export type AlarmClearedBy = (typeof ALARM_CLEARED_BY)[number];

/** Characters one comment may hold. */
export const ALARM_COMMENT_MAX = 1000;
/** Alarms one bulk acknowledge or assign may name. */
export const ALARM_BULK_MAX = 500;

export const alarmSeverity = z.enum(ALARM_SEVERITIES);
export const wireAlarmCode = z.string().regex(WIRE_ALARM_CODE_PATTERN);

/** The alarm as the API and the live topic carry it (issue 29: these fields, exactly). */
export const alarm = z.object({
  id: z.number().int(),
  robotSn: z.string(),
  trackId: z.number().int().nullable(),
  /** The robot's code (raw for an unknown one), or `robot_offline`. */
  code: z.string(),
  severity: alarmSeverity,
  active: z.boolean(),
  acknowledged: z.boolean(),
  acknowledgedBy: z.string().nullable(),
  assigneeId: z.number().int().nullable(),
  raisedAt: z.string(),
  lastRaisedAt: z.string(),
  count: z.number().int(),
  clearedAt: z.string().nullable(),
  clearedBy: z.enum(ALARM_CLEARED_BY).nullable(),
  suppressed: z.boolean(),
  flapping: z.boolean(),
  /** Raised while its robot or track was in maintenance: recorded, notifies nobody (schemas/alarm-ops.ts). */
  maintenance: z.boolean(),
});
export type Alarm = z.infer<typeof alarm>;

/** What the timeline records: the system's entries and people's comments. */
export const ALARM_EVENT_KINDS = [
  'raised',
  'repeated',
  'acknowledged',
  'assigned',
  'unassigned',
  'comment',
  'reset_sent',
  'reset_acknowledged',
  'reset_failed',
  'reset_timed_out',
  'cleared',
  /** A critical alarm left unacknowledged: level 0-1 users and the webhooks are told (modules/alarms/escalation.ts). */
  'escalated',
  /** An acknowledged alarm still active: told again. */
  'renotified',
] as const;
export type AlarmEventKind = (typeof ALARM_EVENT_KINDS)[number];

export const alarmEvent = z.object({
  id: z.number().int(),
  time: z.string(),
  kind: z.enum(ALARM_EVENT_KINDS),
  /** Who did it; null for the system's entries. */
  username: z.string().nullable(),
  /** A comment's text, or a failed reset's error. */
  text: z.string().nullable(),
  /** `repeated`: the count; `assigned`: the assignee; `cleared`: by whom. */
  count: z.number().int().nullable(),
  assigneeId: z.number().int().nullable(),
  clearedBy: z.enum(ALARM_CLEARED_BY).nullable(),
});
export type AlarmEvent = z.infer<typeof alarmEvent>;

export const alarmDetail = alarm.extend({ timeline: z.array(alarmEvent) });
export type AlarmDetail = z.infer<typeof alarmDetail>;

/** An int4 id in a query string, as strict decimal text (one instance per field: a shared one loses its text form in the OpenAPI document). */
const queryId = () =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, { error: 'invalid_id' })
    .transform(Number)
    .pipe(int4Id);

/** `GET /alarms`: every filter optional; `from`/`to` bound `raisedAt`. Newest first, paged like logs. */
export const listAlarmsQuery = z
  .object({
    state: z.enum(['active', 'cleared']).optional(),
    acknowledged: z.stringbool({ truthy: ['true'], falsy: ['false'] }).optional(),
    severity: alarmSeverity.optional(),
    trackId: queryId().optional(),
    robotSn: z.string().regex(SN_PATTERN, { error: 'invalid_sn' }).optional(),
    code: wireAlarmCode.optional(),
    assigneeId: queryId().optional(),
    from: isoDateTime.optional(),
    to: isoDateTime.optional(),
    page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
    pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  })
  .refine((f) => !f.from || !f.to || Date.parse(f.from) <= Date.parse(f.to), { error: 'range_reversed', path: ['to'] });
export type ListAlarmsQuery = z.infer<typeof listAlarmsQuery>;

export const alarmPage = z.object({
  items: z.array(alarm),
  /** Matching alarms, counted up to ALARM_COUNT_CAP. */
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AlarmPage = z.infer<typeof alarmPage>;
/** Totals are counted up to this many, like logs. */
export const ALARM_COUNT_CAP = 10_000;

export const assignAlarmBody = z.object({ userId: int4Id.nullable() });
export const commentAlarmBody = z.object({
  text: z.string().trim().min(1, { error: 'required' }).max(ALARM_COMMENT_MAX, { error: 'too_long' }),
});
const alarmIds = z.array(bigintId).min(1, { error: 'required' }).max(ALARM_BULK_MAX);
export const bulkAckBody = z.object({ ids: alarmIds });
export const bulkAssignBody = z.object({ ids: alarmIds, userId: int4Id.nullable() });

/** One alarm's answer in a bulk call: a mixed selection answers per alarm, never all or nothing. */
export const bulkAlarmResult = z.object({
  results: z.array(
    z.object({
      id: z.number().int(),
      ok: z.boolean(),
      /** Why not: `not_found`, `already_acknowledged`… */
      code: z.string().optional(),
      alarm: alarm.optional(),
    }),
  ),
});
export type BulkAlarmResult = z.infer<typeof bulkAlarmResult>;

/** Active, unacknowledged alarms per severity: the header's live count. */
export const alarmSummary = z.object(
  Object.fromEntries(ALARM_SEVERITIES.map((s) => [s, z.number().int()])) as Record<
    (typeof ALARM_SEVERITIES)[number],
    z.ZodNumber
  >,
);
export type AlarmSummary = z.infer<typeof alarmSummary>;

/** A user an alarm may be assigned to. */
export const alarmAssignee = z.object({ id: z.number().int(), username: z.string(), nickname: z.string().nullable() });
export type AlarmAssignee = z.infer<typeof alarmAssignee>;

/** `hcpro4/console/alarms` (server → consoles): the alarms that changed, newest state of each. */
export const consoleAlarmsPayload = z.object({ ts: isoDateTime, alarms: z.array(alarm) });
export type ConsoleAlarmsPayload = z.infer<typeof consoleAlarmsPayload>;
