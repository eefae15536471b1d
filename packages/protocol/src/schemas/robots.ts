import { z } from 'zod';
import type { RobotConnection, RobotHealth } from '../enums.ts';
import { ALARM_CODES, type AlarmCode, ROBOT_CONFIG_GROUPS, ROBOT_CONNECTIONS, ROBOT_HEALTHS, ROBOT_STATES } from '../enums.ts';
import { SN_PATTERN } from '../mqtt/topics.ts';
import { dbId, pageQuery } from './common.ts';

export const ROBOT_NAME_MAX = 64;

export const robotSn = z.string().regex(SN_PATTERN, { error: 'invalid_sn' });
export const robotSnParam = z.object({ sn: robotSn });
export const robotConfigParam = z.object({ sn: robotSn, group: z.enum(ROBOT_CONFIG_GROUPS) });

/** The Robot entity (DESIGN section 5); trackId and point are the live position from the last status. */
export const robot = z.object({
  id: z.number().int(),
  sn: z.string(),
  name: z.string(),
  lastTrackName: z.string().nullable().optional(),
  trackId: z.number().int().nullable().optional(),
  point: z.number().int().nullable().optional(),
  connection: z.enum(ROBOT_CONNECTIONS),
  battery: z.number().min(0).max(100),
  state: z.enum(ROBOT_STATES),
  health: z.enum(ROBOT_HEALTHS),
  alarms: z.array(z.enum(ALARM_CODES)),
  firmware: z.string().nullable().optional(),
  ip: z.string().nullable().optional(),
  lastUpdate: z.string(),
  registeredAt: z.string(),
});
export type Robot = z.infer<typeof robot>;

/** Columns `GET /robots` sorts by (`?sort=battery&order=desc`). */
export const ROBOT_SORT_FIELDS = [
  'sn',
  'name',
  'lastTrackName',
  'connection',
  'battery',
  'state',
  'health',
  'lastUpdate',
  'registeredAt',
] as const;
export type RobotSortField = (typeof ROBOT_SORT_FIELDS)[number];

export const listRobotsQuery = pageQuery.extend({
  q: z.string().trim().max(100).optional(),
  connection: z.enum(ROBOT_CONNECTIONS).optional(),
  health: z.enum(ROBOT_HEALTHS).optional(),
  state: z.enum(ROBOT_STATES).optional(),
  trackId: dbId.optional(),
  sort: z.enum(ROBOT_SORT_FIELDS).default('sn'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ListRobotsQuery = z.infer<typeof listRobotsQuery>;

export const robotName = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(ROBOT_NAME_MAX, { error: 'too_long' });

export const renameRobotBody = z.object({ name: robotName });
export type RenameRobotBody = z.infer<typeof renameRobotBody>;

/**
 * Alarms that stop a robot from serving safely: it cannot drive (motors), cannot tell where it
 * is or how it moves (IMU, QR code, RFID), or cannot know its charge (battery). Every other
 * alarm is a degraded-but-working condition.
 */
export const CRITICAL_ALARMS: readonly AlarmCode[] = [
  'left_motor_comm',
  'right_motor_comm',
  'imu_comm',
  'imu_stuck',
  'imu_abnormal_movement',
  'qrcode_comm',
  'rfid_comm',
  'battery_comm',
];
/** Below this a robot may stop mid-track before it reaches a charger. */
export const BATTERY_CRITICAL_BELOW = 10;
/** Below this the robot should be sent to charge soon. */
export const BATTERY_WARNING_BELOW = 20;

/**
 * The one health rule (shown in the robot list, filtered on, counted on the dashboard):
 * - critical: connection `error`, any CRITICAL_ALARMS alarm, or battery below 10 %;
 * - warning: offline or still connecting, any other alarm, or battery below 20 %;
 * - normal: otherwise.
 * An offline robot keeps its last known alarms and battery, so it can still be critical.
 */
export function robotHealth(input: { connection: RobotConnection; alarms: readonly string[]; battery: number }): RobotHealth {
  const { connection, alarms, battery } = input;
  if (connection === 'error' || battery < BATTERY_CRITICAL_BELOW) return 'critical';
  if (alarms.some((a) => (CRITICAL_ALARMS as readonly string[]).includes(a))) return 'critical';
  if (connection !== 'online' || alarms.length > 0 || battery < BATTERY_WARNING_BELOW) return 'warning';
  return 'normal';
}

/** `?wait=true` on a command or configuration write: answer once it is acknowledged, failed or timed out. */
export const robotWriteQuery = z.object({ wait: z.stringbool().default(false) });
export type RobotWriteQuery = z.infer<typeof robotWriteQuery>;

/** `GET /robots/{sn}/config/{group}`: the group as the robot last reported it. */
export const robotConfigView = z.object({
  group: z.enum(ROBOT_CONFIG_GROUPS),
  /** The group without its write-only fields (WRITE_ONLY_CONFIG_FIELDS). */
  data: z.record(z.string(), z.unknown()),
  /** Whether each write-only field of the group has a value on the robot (shown as set / not set). */
  writeOnlySet: z.record(z.string(), z.boolean()),
  reportedAt: z.string(),
});
export type RobotConfigView = z.infer<typeof robotConfigView>;
