import { robotCommandBody, robotConfigGroups, type TrackMap } from '@railserve/protocol';
import type { z } from 'zod';
import { clearAlarm, MOVING_STATES, type ModelEvent, type RobotModel, setState } from './robot-model.ts';
import { startLeg } from './robot-step.ts';

/** What the wiring must do after answering: reconnect, leave the broker, re-read the map, report config. */
export type CommandOutcome = { ok: true; after?: 'restart' | 'remove' | 'reload_map' | 'report' } | { ok: false; error: string };

const fail = (error: string): CommandOutcome => ({ ok: false, error });

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
  const parsed = robotCommandBody.safeParse({ command: input.command, args: input.args });
  if (!parsed.success) return fail(`invalid command: ${describeIssues(parsed.error)}`);
  const cmd = parsed.data;
  if (m.state === 'upgrade' && cmd.command !== 'remove') return fail('robot is upgrading');
  const moving = MOVING_STATES.includes(m.state);
  switch (cmd.command) {
    case 'reload_map':
      return { ok: true, after: 'reload_map' };
    case 'goto': {
      if (m.state === 'init') return fail('robot is initializing');
      if (m.state === 'alarm') return fail('robot in alarm: reset the alarm first');
      if (moving || m.state === 'arrive') return fail('robot is busy');
      if (m.lidOpen) return fail('close the lid first');
      if (!map) return fail('no map loaded');
      if (!map.points.some((p) => p.number === cmd.args.point)) return fail(`unknown point ${cmd.args.point}`);
      m.returnTo = m.point;
      if (!startLeg(m, map, 'goto', cmd.args.point, now, events)) return fail(`no path to point ${cmd.args.point}`);
      if (m.route.length === 0) setState(m, 'arrive', now, events);
      return { ok: true };
    }
    case 'lid':
      if (cmd.args.open) {
        if (moving) return fail('lid cannot open while moving');
        if (m.state === 'init') return fail('robot is initializing');
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
      if (moving || m.state === 'arrive') return fail('robot is busy');
      m.pendingFirmware = nextFirmware(m.firmware, cmd.args.recordId);
      setState(m, 'upgrade', now, events);
      return { ok: true };
    case 'remove':
      return { ok: true, after: 'remove' };
    case 'rename':
      m.name = cmd.args.name;
      return { ok: true };
  }
}

/** A config write on `HCP4/{sn}/config/{group}`: validated with the protocol schemas, applied whole. */
export function applyConfigWrite(m: RobotModel, group: string, data: unknown, events: ModelEvent[]): CommandOutcome {
  if (!(group in robotConfigGroups)) return fail(`unknown config group ${group}`);
  if (m.state === 'upgrade') return fail('robot is upgrading');
  const key = group as keyof typeof robotConfigGroups;
  const parsed = robotConfigGroups[key].safeParse(data);
  if (!parsed.success) return fail(`invalid config: ${describeIssues(parsed.error)}`);
  (m.config as Record<string, unknown>)[key] = parsed.data;
  events.push({ type: 'log', level: 'info', logType: 'config', message: `${group} configuration applied` });
  return { ok: true, after: 'report' };
}

/** The version an update installs: the record id as the patch number keeps it visibly different. */
const nextFirmware = (current: string, recordId: number) => `${current.split('.').slice(0, 2).join('.')}.${recordId}`;
