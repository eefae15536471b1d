import { formatLogEvent, type RobotStatusPayload } from '@railserve/protocol';
import { stillCharging } from './charging.ts';
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
      const message = formatLogEvent('device_track_error', { code: next.error });
      effects.push({ type: 'log', level: 'error', logType: 'status', message });
    }
  }
  return { state: next, effects };
}

function apply(s: TrackState, event: TrackEvent): Transition {
  switch (event.type) {
    case 'map':
      if (!event.map)
        return {
          state: { ...s, map: null, initializing: false },
          effects: [log('warning', 'map', formatLogEvent('device_map_cleared'))],
        };
      return {
        state: { ...s, map: event.map, initializing: true },
        effects: [
          log('info', 'map', formatLogEvent('device_map_loaded', { points: event.map.points.length })),
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
  const wasCharging = s.charging.includes(status.sn);
  const charging = stillCharging(wasCharging, status.battery);
  const next = {
    ...s,
    live: { ...s.live, [status.sn]: live },
    charging:
      charging === wasCharging ? s.charging : charging ? [...s.charging, status.sn] : s.charging.filter((sn) => sn !== status.sn),
  };
  // Register mode: every online robot reporting this track joins it (DESIGN section 4, status 2).
  if (!registered && s.mode === 'register' && live.online) {
    next.robots = [...s.robots, status.sn];
    return {
      state: next,
      effects: [log('info', 'register', formatLogEvent('device_robot_joined', { sn: status.sn }), status.sn)],
    };
  }
  return { state: next, effects: [] };
}
