import type { NetworkConfig } from '@railserve/protocol';
import { createRobotModel, DEFAULT_TIMING, type RobotModel, type RobotTiming } from './robot-model.ts';

export type SimRobotOptions = Partial<RobotTiming> & {
  url: string;
  sn: string;
  /** Its broker password: its own credential from enrollment, or the shared DEVICE_KEY. */
  deviceKey: string;
  /** Told the new password when the server rotates the credential (to keep it across restarts). */
  onCredential?: (password: string) => void;
  /** The console's HTTP address (http://host:8080): after reload_map the robot fetches its track's audio from it. */
  apiUrl?: string;
  name?: string;
  trackId?: number;
  trackName?: string;
  /** Which of the map's parking points is this robot's home. */
  homeIndex?: number;
  firmware?: string;
  battery?: number;
  /** Network settings it starts with (its status `ip` is the static IP). */
  network?: Partial<NetworkConfig>;
  /** Status heartbeat; a status is also published on every change. */
  statusIntervalMs?: number;
  seed?: number;
  reconnectPeriodMs?: number;
  /** The console's HTTP address (`http://host:8080`) that update downloads are fetched from. */
  httpUrl?: string;
};

/** The timing options given, over the defaults. */
export function timingOf(opts: SimRobotOptions): RobotTiming {
  const timing = { ...DEFAULT_TIMING };
  for (const key of Object.keys(DEFAULT_TIMING) as (keyof RobotTiming)[]) {
    const value = opts[key];
    if (value !== undefined) (timing as Record<keyof RobotTiming, unknown>)[key] = value;
  }
  return timing;
}

export function modelOf(opts: SimRobotOptions, now: number): RobotModel {
  const model = createRobotModel(
    {
      sn: opts.sn,
      ...(opts.name ? { name: opts.name } : {}),
      ...(opts.firmware ? { firmware: opts.firmware } : {}),
      trackId: opts.trackId,
      trackName: opts.trackName,
      homeIndex: opts.homeIndex ?? 0,
      battery: opts.battery ?? 100,
    },
    now,
  );
  Object.assign(model.config.network, opts.network);
  return model;
}
