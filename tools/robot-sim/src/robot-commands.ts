import {
  type CommandErrorMessage,
  formatCommandError,
  formatLogEvent,
  robotCommandBody,
  robotConfigGroups,
  type TrackMap,
} from '@railserve/protocol';
import type { z } from 'zod';
import { clearAlarm, MOVING_STATES, type ModelEvent, type RobotModel, setState } from './robot-model.ts';
import { startLeg } from './robot-step.ts';
import { applyUpdate } from './robot-update.ts';

/** What the wiring must do after answering: reconnect, leave the broker, re-read the map, report config. */
export type CommandOutcome =
  | { ok: true; after?: 'restart' | 'remove' | 'reload_map' | 'report' | 'update' }
  | { ok: false; error: string };

/** A refusal worded in the protocol's vocabulary (COMMAND_ERROR_MESSAGES), so the console can translate it. */
const fail = (key: CommandErrorMessage, values?: Record<string, string | number>): CommandOutcome => ({
  ok: false,
  error: formatCommandError(key, values),
});

export const describeIssues = (error: z.ZodError) =>
  error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');

/**
 * Applies a command the way the robot firmware does, refusing what its state forbids with the
 * error text the operator will see in the command's tracking record.
 */
export function applyCommand(
  m: RobotModel,
  input: { command: string; args?: unknown },
  map: TrackMap | null,
  now: number,
  events: ModelEvent[],
): CommandOutcome {
  // The published update carries the download details the API body does not have.
  if (input.command === 'update') return applyUpdate(m, input.args, now, events);
  const parsed = robotCommandBody.safeParse({ command: input.command, args: input.args });
  if (!parsed.success) return fail('invalid_command', { detail: describeIssues(parsed.error) });
  const cmd = parsed.data;
  if (m.state === 'upgrade' && cmd.command !== 'remove') return fail('robot_upgrading');
  const moving = MOVING_STATES.includes(m.state);
  switch (cmd.command) {
    case 'reload_map':
      return { ok: true, after: 'reload_map' };
    case 'goto': {
      if (m.state === 'init') return fail('robot_initializing');
      if (m.state === 'alarm') return fail('robot_in_alarm');
      if (moving || m.state === 'arrive') return fail('robot_busy');
      if (m.lidOpen) return fail('lid_open');
      if (!map) return fail('no_map');
      if (!map.points.some((p) => p.number === cmd.args.point)) return fail('unknown_point', { point: cmd.args.point });
      m.returnTo = m.point;
      if (!startLeg(m, map, 'goto', cmd.args.point, now, events)) return fail('no_path', { point: cmd.args.point });
      if (m.route.length === 0) setState(m, 'arrive', now, events);
      return { ok: true };
    }
    case 'lid':
      if (cmd.args.open) {
        if (moving) return fail('lid_moving');
        if (m.state === 'init') return fail('robot_initializing');
        m.lidOpen = true;
        if (m.state === 'idle' || m.state === 'sleep') setState(m, 'control', now, events);
      } else {
        if (m.lidOpen && m.state === 'arrive') m.served = true;
        m.lidOpen = false;
        if (m.state === 'control') setState(m, 'idle', now, events);
      }
      return { ok: true };
    case 'reset_alarm':
      for (const code of m.alarms) clearAlarm(m, code, now, events);
      return { ok: true };
    case 'restart':
      return { ok: true, after: 'restart' };
    case 'update':
      return applyUpdate(m, cmd.args, now, events);
    case 'remove':
      return { ok: true, after: 'remove' };
    case 'rename':
      m.name = cmd.args.name;
      return { ok: true };
  }
}

/** A config write on `HCP4/{sn}/config/{group}`: validated with the protocol schemas, applied whole. */
export function applyConfigWrite(m: RobotModel, group: string, data: unknown, events: ModelEvent[]): CommandOutcome {
  if (!(group in robotConfigGroups)) return fail('unknown_group', { group });
  if (m.state === 'upgrade') return fail('robot_upgrading');
  const key = group as keyof typeof robotConfigGroups;
  const parsed = robotConfigGroups[key].safeParse(data);
  if (!parsed.success) return fail('invalid_config', { detail: describeIssues(parsed.error) });
  (m.config as Record<string, unknown>)[key] = parsed.data;
  events.push({ type: 'log', level: 'info', logType: 'config', message: formatLogEvent('device_config_applied', { group }) });
  return { ok: true, after: 'report' };
}

/** The version an update installs: the record id as the patch number keeps it visibly different. */
