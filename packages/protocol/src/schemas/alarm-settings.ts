import { z } from 'zod';
import { ALARM_KINDS } from '../alarm-catalogue.ts';
import { ALARM_CODES } from '../enums.ts';
import { alarm, alarmSeverity } from './alarms.ts';
import { isoDateTime } from './common.ts';

/**
 * The alarm center's settings (issue 29), levels 0-1: severity overrides per code, the codes that
 * count as stopping a robot, and the escalation times.
 */
export const ESCALATE_AFTER_S_DEFAULT = 5 * 60;
export const RENOTIFY_AFTER_S_DEFAULT = 30 * 60;
/** Escalation and re-notification times: one minute to one week. */
export const ALARM_NOTIFY_S_MIN = 60;
export const ALARM_NOTIFY_S_MAX = 7 * 86_400;

const notifySeconds = z
  .number()
  .int()
  .min(ALARM_NOTIFY_S_MIN, { error: 'too_small' })
  .max(ALARM_NOTIFY_S_MAX, { error: 'too_large' });

export const alarmSettings = z.object({
  /** A code's severity for newly raised alarms; a code not named keeps the catalogue's. */
  severityOverrides: z.partialRecord(z.enum(ALARM_KINDS), alarmSeverity),
  /** Codes whose active time counts as downtime (the alarm report and analytics availability). */
  downtimeCodes: z.array(z.enum(ALARM_CODES)).max(ALARM_CODES.length),
  /** A critical alarm unacknowledged this long escalates. */
  escalateAfterS: notifySeconds,
  /** An acknowledged alarm still active this long notifies again, and again after each such span. */
  renotifyAfterS: notifySeconds,
});
export type AlarmSettings = z.infer<typeof alarmSettings>;

/** What a webhook may receive; a webhook that names none receives them all. */
export const ALARM_WEBHOOK_EVENTS = ['raised', 'escalated', 'renotified', 'acknowledged', 'cleared'] as const;
export type AlarmWebhookEvent = (typeof ALARM_WEBHOOK_EVENTS)[number];

export const ALARM_WEBHOOK_URL_MAX = 2048;
export const ALARM_WEBHOOK_SECRET_MIN = 16;
export const ALARM_WEBHOOK_SECRET_MAX = 256;
/** Webhooks the console keeps. */
export const ALARM_WEBHOOKS_MAX = 20;
/** The HTTP header that carries the signature (docs/protocol.md, "Alarm webhooks"). */
export const ALARM_WEBHOOK_SIGNATURE_HEADER = 'x-railserve-signature';
export const ALARM_WEBHOOK_TIMESTAMP_HEADER = 'x-railserve-timestamp';

/** Only http and https, without credentials in the URL (the address itself is checked by the server). */
export const alarmWebhookUrl = z
  .string()
  .trim()
  .max(ALARM_WEBHOOK_URL_MAX, { error: 'too_long' })
  .refine((text) => URL.canParse(text), { error: 'webhook_url_invalid' })
  .refine((text) => !URL.canParse(text) || ['http:', 'https:'].includes(new URL(text).protocol), {
    error: 'webhook_url_scheme',
  })
  .refine((text) => !URL.canParse(text) || (!new URL(text).username && !new URL(text).password), {
    error: 'webhook_url_credentials',
  });

/** `POST /alarm-webhooks`: the secret is write-only, never answered. */
export const alarmWebhookBody = z.object({
  url: alarmWebhookUrl,
  secret: z.string().min(ALARM_WEBHOOK_SECRET_MIN, { error: 'too_short' }).max(ALARM_WEBHOOK_SECRET_MAX, { error: 'too_long' }),
  severities: z.array(alarmSeverity).min(1, { error: 'required' }).max(4),
  events: z.array(z.enum(ALARM_WEBHOOK_EVENTS)).min(1, { error: 'required' }).max(ALARM_WEBHOOK_EVENTS.length).optional(),
});
export type AlarmWebhookBody = z.infer<typeof alarmWebhookBody>;

export const alarmWebhook = z.object({
  id: z.number().int(),
  url: z.string(),
  severities: z.array(alarmSeverity),
  events: z.array(z.enum(ALARM_WEBHOOK_EVENTS)),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type AlarmWebhook = z.infer<typeof alarmWebhook>;

/** One attempt to deliver one event: the delivery log. */
export const alarmWebhookAttempt = z.object({
  id: z.number().int(),
  deliveryId: z.number().int(),
  event: z.enum(ALARM_WEBHOOK_EVENTS),
  alarmId: z.number().int(),
  /** 1 for the first try. */
  attempt: z.number().int(),
  at: z.string(),
  ok: z.boolean(),
  /** The receiver's HTTP status; null when none came (timeout, refused, bad address). */
  statusCode: z.number().int().nullable(),
  /** Why it failed: `timeout`, `redirect`, `http_status`, `connect_failed`, `address_refused`. */
  error: z.string().nullable(),
  durationMs: z.number().int(),
  /** A failed attempt that will be tried again. */
  willRetry: z.boolean(),
});
export type AlarmWebhookAttempt = z.infer<typeof alarmWebhookAttempt>;

/** The JSON body every webhook call carries; signed as `{timestamp}.{body}`. */
export const alarmWebhookPayload = z.object({
  event: z.enum(ALARM_WEBHOOK_EVENTS),
  deliveryId: z.number().int(),
  ts: isoDateTime,
  alarm,
});
export type AlarmWebhookPayload = z.infer<typeof alarmWebhookPayload>;

/** `hcpro4/console/alarm-notices` (server → consoles): escalations and re-notifications, for levels 0-1 to see. */
export const consoleAlarmNoticesPayload = z.object({
  ts: isoDateTime,
  notices: z.array(z.object({ kind: z.enum(['escalated', 'renotified']), alarm })),
});
export type ConsoleAlarmNoticesPayload = z.infer<typeof consoleAlarmNoticesPayload>;
