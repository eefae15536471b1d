import { z } from 'zod';
import { WIRE_ALARM_CODE_PATTERN } from '../alarm-catalogue.ts';
import { ALARM_CODES, LOG_LEVELS, ROBOT_STATES, TRACK_MODES } from '../enums.ts';
import { jsonDepthExceeds } from '../json-depth.ts';
import { PAYLOAD_LIMITS } from '../limits.ts';
import { int4Id } from '../schemas/common.ts';
import { SN_PATTERN } from './topics.ts';

const ts = z.iso.datetime({ offset: true });
export const sn = z.string().regex(SN_PATTERN);
export const alarmCode = z.enum(ALARM_CODES);
/** A code as sent: a known one, or one of newer firmware that the alarm center keeps as `unknown`. */
const sentAlarmCode = z.string().regex(WIRE_ALARM_CODE_PATTERN);

/** `hcpro4/robots/{sn}/status`; the last will carries only `{sn, connection: "offline", ts}`. */
export const robotStatusPayload = z.object({
  sn,
  connection: z.enum(['online', 'offline']).optional(),
  state: z.enum(ROBOT_STATES).optional(),
  battery: z.number().min(0).max(100).optional(),
  trackId: int4Id.optional(),
  trackName: z.string().max(128).optional(),
  point: z.number().int().optional(),
  target: z.number().int().optional(),
  alarms: z.array(sentAlarmCode).max(64).optional(),
  firmware: z.string().max(64).optional(),
  ip: z.string().max(64).optional(),
  name: z.string().max(64).optional(),
  ts,
});
export type RobotStatusPayload = z.infer<typeof robotStatusPayload>;

export const trackStatusPayload = z.object({
  trackId: int4Id,
  status: z.number().int().min(0).max(4),
  error: z.number().int().min(0).max(2),
  mode: z.enum(TRACK_MODES),
  robots: z.array(sn),
  /**
   * The track's robots the controller holds back from orders until they have charged (a
   * `send_target` finding only these idle is refused `robots_charging`); absent from older controllers.
   */
  charging: z.array(sn).optional(),
  ts,
});
export type TrackStatusPayload = z.infer<typeof trackStatusPayload>;

export const alertPayload = z.object({ sn, code: sentAlarmCode, active: z.boolean(), ts });
export type AlertPayload = z.infer<typeof alertPayload>;

export const logPayload = z.object({
  ts,
  level: z.enum(LOG_LEVELS),
  type: z.string().min(1).max(64),
  message: z.string().max(10_000),
  trackId: int4Id.optional(),
  robotSn: sn.optional(),
  /** Written by the embedded broker: who published it (the server trusts no other). */
  sender: z.string().max(128).optional(),
});
export type LogPayload = z.infer<typeof logPayload>;

/** The spec's system message envelope. */
export const systemMessage = z.object({
  timestamp: ts,
  source: z.enum(['frontend', 'backend']),
  type: z.string().min(1).max(64),
  data: z.unknown(),
  /** Written by the embedded broker: who published it (the server trusts no other). */
  sender: z.string().max(128).optional(),
});
export type SystemMessage = z.infer<typeof systemMessage>;

/** `hcpro4/system/status` (server → all, retained): the server's own state, renewed every 30 s. */
export const systemStatusPayload = systemMessage.extend({
  source: z.literal('backend'),
  type: z.literal('status'),
  data: z.object({
    version: z.string(),
    robotsOnline: z.number().int().min(0),
    robotsTotal: z.number().int().min(0),
    broker: z.enum(['embedded', 'external']),
    startedAt: ts,
  }),
});
export type SystemStatusPayload = z.infer<typeof systemStatusPayload>;
/** How often the server renews its retained status. */
export const SYSTEM_STATUS_EVERY_MS = 30_000;

export const commandPayload = z.object({
  id: z.string().min(1).max(64),
  command: z.string().min(1).max(32),
  args: z.record(z.string(), z.unknown()).optional(),
  ts,
});
export type CommandPayload = z.infer<typeof commandPayload>;

export const configWritePayload = z.object({
  id: z.string().min(1).max(64),
  data: z.record(z.string(), z.unknown()),
  ts,
});
export type ConfigWritePayload = z.infer<typeof configWritePayload>;

export const ackPayload = z.object({
  id: z.string().min(1).max(64),
  ok: z.boolean(),
  error: z.string().max(500).optional(),
  ts,
});
export type AckPayload = z.infer<typeof ackPayload>;

const utf8 = new TextDecoder();

/**
 * Parses a broker payload as JSON; null when it is not JSON, or is larger or nested deeper than
 * PAYLOAD_LIMITS (checked first, without recursion: nothing that walks the value later can
 * overflow the stack). Works in Node and in browsers.
 */
export function parseJson(payload: Uint8Array | string, limits: JsonLimits = PAYLOAD_LIMITS): unknown {
  if (payload.length > limits.jsonBytesMax) return null;
  const text = typeof payload === 'string' ? payload : utf8.decode(payload);
  if (jsonDepthExceeds(text, limits.jsonDepthMax)) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export type JsonLimits = { jsonBytesMax: number; jsonDepthMax: number };
