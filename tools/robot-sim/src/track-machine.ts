import type { RobotStatusPayload } from '@railserve/protocol';
import { command } from './track-commands.ts';
import {
  evaluate,
  log,
  type RobotLive,
  type TrackEvent,
  type TrackState,
  type Transition,
  trackStatusOf,
} from './track-state.ts';

/** One step of the controller: (state, event) → (new state, effects). Pure: no clock, no broker. */
export function reduceTrack(state: TrackState, event: TrackEvent): Transition {
  const before = JSON.stringify(trackStatusOf(state));
  const applied = apply(state, event);
  const next = { ...applied.state, ...evaluate(applied.state) };
  const effects = applied.effects;
  if (JSON.stringify(trackStatusOf(next)) !== before) {
    effects.unshift({ type: 'publish_status' });
    if (next.status === 4 && state.status !== 4) {
      const why = next.error === 1 ? 'too many robots' : 'HOME point capacity insufficient';
      effects.push({ type: 'log', level: 'error', logType: 'status', message: `track error: ${why}` });
    }
  }
  return { state: next, effects };
}

function apply(s: TrackState, event: TrackEvent): Transition {
  switch (event.type) {
    case 'map':
      if (!event.map) return { state: { ...s, map: null, initializing: false }, effects: [log('warning', 'map', 'map cleared')] };
      return {
        state: { ...s, map: event.map, initializing: true },
        effects: [
          log('info', 'map', `map loaded: ${event.map.points.length} points`),
          { type: 'schedule', event: { type: 'initialized' }, delayMs: s.initMs },
        ],
      };
    case 'initialized':
      return { state: { ...s, initializing: false }, effects: [] };
    case 'robot_status':
      return robotStatus(s, event.status);
    case 'command':
      return command(s, event);
  }
}

function robotStatus(s: TrackState, status: RobotStatusPayload): Transition {
  const registered = s.robots.includes(status.sn);
  const onTrack = status.trackId === s.trackId;
  if (!registered && !onTrack) return { state: s, effects: [] };
  const prev = s.live[status.sn];
  const live: RobotLive = {
    online: status.connection !== 'offline',
    state: status.state ?? prev?.state,
    point: status.point ?? prev?.point,
    trackId: status.trackId ?? prev?.trackId,
  };
  const next = { ...s, live: { ...s.live, [status.sn]: live } };
  // Register mode: every online robot reporting this track joins it (DESIGN section 4, status 2).
  if (!registered && s.mode === 'register' && live.online) {
    next.robots = [...s.robots, status.sn];
    return { state: next, effects: [log('info', 'register', `robot ${status.sn} registered`, status.sn)] };
  }
  return { state: next, effects: [] };
}
