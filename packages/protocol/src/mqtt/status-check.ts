import { z } from 'zod';
import { WIRE_ALARM_CODE_PATTERN } from '../alarm-catalogue.ts';
import { ROBOT_STATES } from '../enums.ts';
import { INT4_MAX } from '../schemas/common.ts';
import type { RobotStatusPayload } from './payloads.ts';
import { SN_PATTERN } from './topics.ts';

/** zod's own pattern for `z.iso.datetime({ offset: true })`, the schema's `ts`. */
const TS_PATTERN: RegExp = z.regexes.datetime({ offset: true, local: false });
const STATES: ReadonlySet<unknown> = new Set(ROBOT_STATES);

/** Within `max` UTF-16 units, so within the schema's limit however it counts (a longer one is the schema's to judge). */
const isString = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;
const isInt = (v: unknown): v is number => Number.isSafeInteger(v);

/**
 * The robot status as `robotStatusPayload` would answer it (its fields in the schema's order,
 * unknown keys left out), found without zod: a status arrives thousands of times a second. It
 * answers only what it is sure of; undefined means "ask the schema", which then accepts or refuses
 * with its own message. The schema stays the single rule: test/status-check.test.ts holds the
 * two to the same answers, field by field, and fails when the schema gains a field this lacks.
 */
export function checkRobotStatus(value: unknown): RobotStatusPayload | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.sn !== 'string' || !SN_PATTERN.test(v.sn)) return undefined;
  if (typeof v.ts !== 'string' || !TS_PATTERN.test(v.ts)) return undefined;
  const out: Record<string, unknown> = { sn: v.sn };
  const { connection, state, battery, trackId, trackName, point, target, alarms, firmware, ip, name } = v;
  if (connection !== undefined) {
    if (connection !== 'online' && connection !== 'offline') return undefined;
    out.connection = connection;
  }
  if (state !== undefined) {
    if (!STATES.has(state)) return undefined;
    out.state = state;
  }
  if (battery !== undefined) {
    if (typeof battery !== 'number' || !(battery >= 0 && battery <= 100)) return undefined;
    out.battery = battery;
  }
  if (trackId !== undefined) {
    if (!isInt(trackId) || trackId < 1 || trackId > INT4_MAX) return undefined;
    out.trackId = trackId;
  }
  if (trackName !== undefined) {
    if (!isString(trackName, 128)) return undefined;
    out.trackName = trackName;
  }
  if (point !== undefined) {
    if (!isInt(point)) return undefined;
    out.point = point;
  }
  if (target !== undefined) {
    if (!isInt(target)) return undefined;
    out.target = target;
  }
  if (alarms !== undefined) {
    if (!Array.isArray(alarms) || alarms.length > 64) return undefined;
    for (const code of alarms) if (typeof code !== 'string' || !WIRE_ALARM_CODE_PATTERN.test(code)) return undefined;
    out.alarms = [...alarms];
  }
  if (firmware !== undefined) {
    if (!isString(firmware, 64)) return undefined;
    out.firmware = firmware;
  }
  if (ip !== undefined) {
    if (!isString(ip, 64)) return undefined;
    out.ip = ip;
  }
  if (name !== undefined) {
    if (!isString(name, 64)) return undefined;
    out.name = name;
  }
  out.ts = v.ts;
  return out as RobotStatusPayload;
}

/** The fields `checkRobotStatus` knows, in the schema's order (its test compares them with the schema's). */
export const CHECKED_STATUS_FIELDS = [
  'sn',
  'connection',
  'state',
  'battery',
  'trackId',
  'trackName',
  'point',
  'target',
  'alarms',
  'firmware',
  'ip',
  'name',
  'ts',
] as const;
