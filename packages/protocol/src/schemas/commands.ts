import { z } from 'zod';
import { COMMAND_STATUSES, ROBOT_COMMANDS, TRACK_COMMANDS } from '../enums.ts';
import { SN_PATTERN } from '../mqtt/topics.ts';
import { int4Id, pageQuery } from './common.ts';
import { robotName } from './robots.ts';
import { pointNumber } from './track-map.ts';

/**
 * Command bodies (DESIGN section 4): the API body `{command, args?}` and, unchanged, the
 * `command`/`args` of the published `HCP4/{sn}/cmd` and `HCP4/track/{id}/cmd` payloads.
 * Args objects are strict: an unknown key is a mistake we answer with 400, not silently drop.
 */
const sn = z.string().regex(SN_PATTERN, { error: 'invalid_sn' });
const recordId = int4Id;
const none = z.strictObject({}).optional();
const oneOrAll = z.strictObject({ sn: sn.optional() }).optional();
const toggle = z.strictObject({ enabled: z.boolean().default(true) }).default({ enabled: true });

export const robotCommandBody = z.discriminatedUnion('command', [
  z.object({ command: z.literal('reload_map'), args: none }),
  z.object({ command: z.literal('goto'), args: z.strictObject({ point: pointNumber }) }),
  z.object({ command: z.literal('lid'), args: z.strictObject({ open: z.boolean() }) }),
  z.object({ command: z.literal('reset_alarm'), args: none }),
  z.object({ command: z.literal('restart'), args: none }),
  z.object({ command: z.literal('update'), args: z.strictObject({ recordId }) }),
  z.object({ command: z.literal('remove'), args: none }),
  z.object({ command: z.literal('rename'), args: z.strictObject({ name: robotName }) }),
]);
export type RobotCommandBody = z.infer<typeof robotCommandBody>;

export const trackCommandBody = z.discriminatedUnion('command', [
  z.object({ command: z.literal('reload_map'), args: oneOrAll }),
  z.object({ command: z.literal('reset_alarm'), args: oneOrAll }),
  z.object({ command: z.literal('restart'), args: oneOrAll }),
  z.object({ command: z.literal('register_mode'), args: toggle }),
  z.object({ command: z.literal('viewer_mode'), args: toggle }),
  z.object({
    command: z.literal('send_target'),
    args: z.strictObject({ servingPoint: pointNumber, target: pointNumber }),
  }),
  z.object({ command: z.literal('lid'), args: z.strictObject({ open: z.boolean(), sn: sn.optional() }) }),
  z.object({ command: z.literal('update'), args: z.strictObject({ recordId, sn: sn.optional() }) }),
]);
export type TrackCommandBody = z.infer<typeof trackCommandBody>;

/**
 * Every command name either kind of target takes, and `config`: a configuration write is
 * tracked like a command, with `args: {group, data}`.
 */
export const COMMAND_NAMES = [...new Set([...ROBOT_COMMANDS, ...TRACK_COMMANDS, 'config'])] as [string, ...string[]];

/**
 * Who a command went to, in the tracking record: the robot's sn, or `track-{id}` for a track
 * (the same names the devices use on the broker, so one string identifies either).
 */
export const commandTarget = {
  robot: (robotSn: string) => robotSn,
  track: (trackId: number) => `track-${trackId}`,
};

/** A configuration write is tracked like a command, as `config` with `args: {group, data}`. */
export const TRACKED_COMMAND_NAMES = [...COMMAND_NAMES, 'config'] as [string, ...string[]];

/** The tracking record the API answers a command with; `id` is also the MQTT payload's `id`. */
export const commandRecord = z.object({
  id: z.string(),
  target: z.string(),
  command: z.enum(TRACKED_COMMAND_NAMES),
  args: z.record(z.string(), z.unknown()).nullable().optional(),
  status: z.enum(COMMAND_STATUSES),
  error: z.string().nullable().optional(),
  sentAt: z.string(),
  answeredAt: z.string().nullable().optional(),
  username: z.string(),
});
export type CommandRecord = z.infer<typeof commandRecord>;

/** `GET /robots/{sn}/commands`, `GET /tracks/{id}/commands`: newest first. */
export const listCommandsQuery = pageQuery.extend({ status: z.enum(COMMAND_STATUSES).optional() });
export type ListCommandsQuery = z.infer<typeof listCommandsQuery>;
