import {
  type CommandErrorMessage,
  checkSendTarget,
  formatCommandError,
  formatLogEvent,
  trackCommandBody,
  updateCommandArgs,
} from '@railserve/protocol';
import { describeIssues } from './robot-commands.ts';
import { log, type TrackEffect, type TrackEvent, type TrackState, type Transition } from './track-state.ts';

/** Why send_target is refused in each status other than 3 (normal operation). */
const NOT_READY: Record<number, CommandErrorMessage> = {
  0: 'no_map',
  1: 'track_initializing',
  2: 'track_register_mode',
  4: 'track_in_error',
};

/** A track command: validated, acked, and turned into commands for the track's robots. */
export function command(s: TrackState, event: Extract<TrackEvent, { type: 'command' }>): Transition {
  const ack = (ok: boolean, error?: string): TrackEffect => ({ type: 'ack', id: event.id, ok, ...(error ? { error } : {}) });
  const refuse = (key: CommandErrorMessage, values?: Record<string, string | number>): Transition => {
    const error = formatCommandError(key, values);
    const note = formatLogEvent('device_command_refused', { command: event.command, error });
    return { state: s, effects: [ack(false, error), log('warning', 'command', note)] };
  };
  if (event.command === 'update') return forwardUpdate(s, event, refuse, ack);
  const parsed = trackCommandBody.safeParse({ command: event.command, args: event.args });
  if (!parsed.success) return refuse('invalid_command', { detail: describeIssues(parsed.error) });
  const cmd = parsed.data;
  let seq = s.seq;
  const send = (sn: string, name: string, args?: Record<string, unknown>): TrackEffect => ({
    type: 'robot_command',
    sn,
    id: `track-${s.trackId}-${++seq}`,
    command: name,
    ...(args ? { args } : {}),
  });
  const targets = (sn?: string) => (sn ? [sn] : s.robots);
  const done = (state: TrackState, effects: TrackEffect[] = []): Transition => ({
    state: { ...state, seq },
    effects: [...effects, ack(true), log('info', 'command', formatLogEvent('device_command_done', { command: cmd.command }))],
  });
  if ('args' in cmd && cmd.args && 'sn' in cmd.args && cmd.args.sn && !s.robots.includes(cmd.args.sn)) {
    return refuse('robot_not_on_track', { sn: cmd.args.sn });
  }
  switch (cmd.command) {
    case 'register_mode':
      if (cmd.args.enabled) return done({ ...s, mode: 'register' });
      return done({ ...s, mode: s.mode === 'register' ? 'normal' : s.mode });
    case 'viewer_mode':
      if (cmd.args.enabled) return done({ ...s, mode: 'viewer' });
      return done({ ...s, mode: s.mode === 'viewer' ? 'normal' : s.mode });
    case 'reload_map': {
      const own: TrackEffect[] = cmd.args?.sn ? [] : [{ type: 'reload_map' }];
      return done(s, [...own, ...targets(cmd.args?.sn).map((sn) => send(sn, 'reload_map'))]);
    }
    case 'reset_alarm':
      return done(
        s,
        targets(cmd.args?.sn).map((sn) => send(sn, 'reset_alarm')),
      );
    case 'restart': {
      // Restarting the whole track restarts the controller too: it initializes again.
      const self = cmd.args?.sn || !s.map ? {} : { initializing: true };
      const own: TrackEffect[] =
        'initializing' in self ? [{ type: 'schedule', event: { type: 'initialized' }, delayMs: s.initMs }] : [];
      return done({ ...s, ...self }, [...own, ...targets(cmd.args?.sn).map((sn) => send(sn, 'restart'))]);
    }
    case 'lid':
      return done(
        s,
        targets(cmd.args.sn).map((sn) => send(sn, 'lid', { open: cmd.args.open })),
      );
    case 'update':
      return refuse('update_details_missing');
    case 'send_target':
      return sendTarget(s, cmd.args, refuse, (robot) => {
        const live = { ...s.live, [robot]: { ...s.live[robot], state: 'goto' as const } };
        const go = send(robot, 'goto', { point: cmd.args.target });
        const note = log(
          'info',
          'dispatch',
          formatLogEvent('device_robot_dispatched', { sn: robot, point: cmd.args.target }),
          robot,
        );
        return done({ ...s, live }, [go, note]);
      });
  }
}

/** Picks an idle, online robot of the track that is not charging (one already at the serving point first) for a delivery. */
function sendTarget(
  s: TrackState,
  args: { servingPoint: number; target: number },
  refuse: (key: CommandErrorMessage, values?: Record<string, string | number>) => Transition,
  dispatch: (sn: string) => Transition,
): Transition {
  if (s.mode === 'viewer') return refuse('track_viewer_mode');
  if (s.status !== 3 || !s.map) return refuse(NOT_READY[s.status] ?? 'track_not_ready');
  const bad = checkSendTarget(s.map, args);
  if (bad === 'not_a_serving_point') return refuse('not_serving_point', { point: args.servingPoint });
  if (bad === 'not_a_table_point') return refuse('not_table_point', { point: args.target });
  const idle = idleRobots(s);
  if (idle.length === 0) return refuse('no_idle_robot');
  const ready = dispatchableRobots(s);
  if (ready.length === 0) return refuse('robots_charging');
  return dispatch(ready.find((sn) => s.live[sn].point === args.servingPoint) ?? ready[0]);
}

/** Robots waiting for an order: idle, or asleep after a long idle spell (an order wakes them). */
const idleRobots = (s: TrackState) =>
  s.robots.filter((sn) => s.live[sn]?.online && (s.live[sn].state === 'idle' || s.live[sn].state === 'sleep'));

/** The track's robots that could take an order now: idle, online, and not charging. */
export const dispatchableRobots = (s: TrackState) => idleRobots(s).filter((sn) => !s.charging.includes(sn));

/** `update {recordId, sn, url, sha256, …}`: passed on unchanged to the one robot it is for, which downloads it itself. */
function forwardUpdate(
  s: TrackState,
  event: Extract<TrackEvent, { type: 'command' }>,
  refuse: (key: CommandErrorMessage, values?: Record<string, string | number>) => Transition,
  ack: (ok: boolean, error?: string) => TrackEffect,
): Transition {
  const parsed = updateCommandArgs.safeParse(event.args);
  if (!parsed.success) return refuse('invalid_command', { detail: describeIssues(parsed.error) });
  const { sn, ...args } = parsed.data;
  if (!sn) return refuse('update_no_robot');
  if (!s.robots.includes(sn)) return refuse('robot_not_on_track', { sn });
  const seq = s.seq + 1;
  const forward: TrackEffect = { type: 'robot_command', sn, id: `track-${s.trackId}-${seq}`, command: 'update', args };
  return {
    state: { ...s, seq },
    effects: [forward, ack(true), log('info', 'command', `update ${args.version} sent to ${sn}`, sn)],
  };
}
