import { checkSendTarget, trackCommandBody } from '@railserve/protocol';
import { describeIssues } from './robot-commands.ts';
import { log, type TrackEffect, type TrackEvent, type TrackState, type Transition } from './track-state.ts';

/** Why send_target is refused in each status other than 3 (normal operation). */
const NOT_READY: Record<number, string> = {
  0: 'no map loaded',
  1: 'track is initializing',
  2: 'track is in register mode',
  4: 'track is in error',
};

/** A track command: validated, acked, and turned into commands for the track's robots. */
export function command(s: TrackState, event: Extract<TrackEvent, { type: 'command' }>): Transition {
  const ack = (ok: boolean, error?: string): TrackEffect => ({ type: 'ack', id: event.id, ok, ...(error ? { error } : {}) });
  const refuse = (error: string): Transition => ({
    state: s,
    effects: [ack(false, error), log('warning', 'command', `${event.command} refused: ${error}`)],
  });
  const parsed = trackCommandBody.safeParse({ command: event.command, args: event.args });
  if (!parsed.success) return refuse(`invalid command: ${describeIssues(parsed.error)}`);
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
    effects: [...effects, ack(true), log('info', 'command', `${cmd.command} done`)],
  });
  if ('args' in cmd && cmd.args && 'sn' in cmd.args && cmd.args.sn && !s.robots.includes(cmd.args.sn)) {
    return refuse(`robot ${cmd.args.sn} is not on this track`);
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
      return done(
        s,
        targets(cmd.args.sn).map((sn) => send(sn, 'update', { recordId: cmd.args.recordId })),
      );
    case 'send_target':
      return sendTarget(s, cmd.args, refuse, (robot) => {
        const live = { ...s.live, [robot]: { ...s.live[robot], state: 'goto' as const } };
        const go = send(robot, 'goto', { point: cmd.args.target });
        const note = log('info', 'dispatch', `robot ${robot} sent to table point ${cmd.args.target}`, robot);
        return done({ ...s, live }, [go, note]);
      });
  }
}

/** Picks an idle, online robot of the track (one already at the serving point first) for a delivery. */
function sendTarget(
  s: TrackState,
  args: { servingPoint: number; target: number },
  refuse: (error: string) => Transition,
  dispatch: (sn: string) => Transition,
): Transition {
  if (s.mode === 'viewer') return refuse('track is in viewer mode');
  if (s.status !== 3 || !s.map) return refuse(NOT_READY[s.status] ?? 'track is not ready');
  const bad = checkSendTarget(s.map, args);
  if (bad === 'not_a_serving_point') return refuse(`point ${args.servingPoint} is not a serving point`);
  if (bad === 'not_a_table_point') return refuse(`point ${args.target} is not a table point`);
  const idle = s.robots.filter((sn) => s.live[sn]?.online && s.live[sn].state === 'idle');
  if (idle.length === 0) return refuse('no idle robot on this track');
  return dispatch(idle.find((sn) => s.live[sn].point === args.servingPoint) ?? idle[0]);
}
