import type { LogLevel, RobotState, RobotStatusPayload, TrackMap, TrackMode, TrackStatusPayload } from '@railserve/protocol';

/**
 * The track controller as a pure state machine: (state, event) → (new state, effects).
 * track-controller.ts only turns effects into broker messages and timers.
 */
export type RobotLive = { online: boolean; state?: RobotState; point?: number; trackId?: number };

export type TrackState = {
  trackId: number;
  status: TrackStatusPayload['status'];
  error: TrackStatusPayload['error'];
  mode: TrackMode;
  map: TrackMap | null;
  initializing: boolean;
  /** Registered robots, in registration order. */
  robots: string[];
  live: Record<string, RobotLive>;
  /** Robots charging (charging.ts): not dispatched until charged. */
  charging: string[];
  /** The track's configured robot limit (error 1 above it). */
  maxRobots: number;
  initMs: number;
  /** For the ids of the commands it sends robots. */
  seq: number;
};

export type TrackEvent =
  | { type: 'map'; map: TrackMap | null }
  | { type: 'initialized' }
  | { type: 'robot_status'; status: RobotStatusPayload }
  | { type: 'command'; id: string; command: string; args?: unknown };

export type TrackEffect =
  | { type: 'publish_status' }
  | { type: 'ack'; id: string; ok: boolean; error?: string }
  | { type: 'robot_command'; sn: string; id: string; command: string; args?: Record<string, unknown> }
  | { type: 'log'; level: LogLevel; logType: string; message: string; robotSn?: string }
  | { type: 'schedule'; event: TrackEvent; delayMs: number }
  | { type: 'reload_map' };

export type Transition = { state: TrackState; effects: TrackEffect[] };

export function initialTrackState(opts: { trackId: number; robots?: string[]; maxRobots?: number; initMs?: number }): TrackState {
  return {
    trackId: opts.trackId,
    status: 0,
    error: 0,
    mode: 'normal',
    map: null,
    initializing: false,
    robots: [...(opts.robots ?? [])],
    live: {},
    charging: [],
    maxRobots: opts.maxRobots ?? 20,
    initMs: opts.initMs ?? 1000,
    seq: 0,
  };
}

/** Status and error follow from the rest: no map → 0, loading → 1, too many robots → 4, register mode → 2, else 3. */
export function evaluate(s: TrackState): Pick<TrackState, 'status' | 'error'> {
  if (!s.map) return { status: 0, error: 0 };
  if (s.initializing) return { status: 1, error: 0 };
  if (s.robots.length > s.maxRobots) return { status: 4, error: 1 };
  const parking = s.map.points.filter((p) => p.type === 'parking').length;
  if (s.robots.length > parking) return { status: 4, error: 2 };
  return { status: s.mode === 'register' ? 2 : 3, error: 0 };
}

export function trackStatusOf(s: TrackState): Omit<TrackStatusPayload, 'ts'> {
  const charging = s.charging.filter((sn) => s.robots.includes(sn));
  return { trackId: s.trackId, status: s.status, error: s.error, mode: s.mode, robots: s.robots, charging };
}

export const log = (level: LogLevel, logType: string, message: string, robotSn?: string): TrackEffect => ({
  type: 'log',
  level,
  logType,
  message,
  ...(robotSn ? { robotSn } : {}),
});
