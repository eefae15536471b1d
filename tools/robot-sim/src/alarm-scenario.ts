import type { AlarmCode, TrackMap } from '@railserve/protocol';
import type { Rng } from './rng.ts';
import { seedFrom } from './rng.ts';

/**
 * The alarms a fleet raises the way real ones do (`npm run demo` turns them on; every rate 0 is off):
 * - a worn floor marker: one point of each track whose QR marker robots fail to read now and then
 *   (`read_point_timeout`, several robots at the same point), cleared once the robot reads it again;
 * - motor faults (`left_motor_comm` / `right_motor_comm`) while driving, held until an operator's
 *   reset (`reset_alarm`);
 * - network bursts: now and then the track's Wi-Fi drops for a while and most of its robots raise
 *   `network_timeout` at once, each clearing on its own.
 * Every choice comes from the robot's seeded stream, and the bursts from `seed` and the track, so
 * every robot of a fleet sees the same bursts at the same times.
 */
export type AlarmScenario = {
  /** Chance a robot fails to read the worn marker each time it reaches it. */
  wornMarkerChance: number;
  /** How long a misread holds the robot (it reads again, then drives on). */
  misreadMs: number;
  /** Motor faults per driving robot per hour. */
  motorFaultRate: number;
  /** Mean time between network bursts on a track; 0: none. */
  networkBurstEveryMs: number;
  /** How long a burst lasts at most; each robot's timeout is a part of it. */
  networkBurstMs: number;
  /** Chance a robot of the track is caught by a burst. */
  networkBurstReach: number;
  /** The fleet's seed of the burst schedule. */
  seed: number;
};

/** What `npm run demo` uses: a living alarm center without a robot in alarm all the time. */
export const demoAlarmScenario = (seed: number): AlarmScenario => ({
  wornMarkerChance: 0.2,
  misreadMs: 8000,
  motorFaultRate: 0.3,
  networkBurstEveryMs: 12 * 60_000,
  networkBurstMs: 30_000,
  networkBurstReach: 0.8,
  seed,
});

export const MOTOR_FAULTS: readonly AlarmCode[] = ['left_motor_comm', 'right_motor_comm'];

/** The track's worn marker: the path point right after its serving point, which every trip to a table passes. */
export function wornMarkerPoint(map: TrackMap | null): number | undefined {
  if (!map) return undefined;
  const serving = map.points.findIndex((p) => p.type === 'serving');
  return map.points.slice(serving + 1).find((p) => p.type === 'path')?.number;
}

export type Burst = { start: number; end: number };

/**
 * The network burst of the track going on at `now`, if one is: time is cut into windows of
 * `networkBurstEveryMs`, and each window holds one burst at an offset drawn from (seed, track, window).
 */
export function burstAt(s: AlarmScenario, trackId: number | undefined, now: number): Burst | undefined {
  if (s.networkBurstEveryMs <= 0 || trackId === undefined) return undefined;
  const window = Math.floor(now / s.networkBurstEveryMs);
  const room = Math.max(1, s.networkBurstEveryMs - s.networkBurstMs);
  const start = window * s.networkBurstEveryMs + (seedFrom(s.seed, `burst-${trackId}-${window}`) % room);
  const end = start + s.networkBurstMs;
  return now >= start && now < end ? { start, end } : undefined;
}

export type ScenarioAlarm = { code: AlarmCode; clearAt?: number };

/**
 * What one step of a robot raises from the scenario: `step.reached` is the point it drove onto in
 * this step, if any; `robot.lastBurst` remembers the burst it has already answered.
 */
export function scenarioAlarms(
  s: AlarmScenario,
  robot: { trackId?: number; lastBurst?: number },
  step: { moving: boolean; reached?: number },
  map: TrackMap | null,
  now: number,
  stepMs: number,
  rng: Rng,
): ScenarioAlarm[] {
  const out: ScenarioAlarm[] = [];
  if (step.reached !== undefined && step.reached === wornMarkerPoint(map) && rng.chance(s.wornMarkerChance)) {
    out.push({ code: 'read_point_timeout', clearAt: now + s.misreadMs });
  }
  if (step.moving && s.motorFaultRate > 0 && rng.chance((s.motorFaultRate * stepMs) / 3_600_000)) {
    out.push({ code: rng.pick(MOTOR_FAULTS) });
  }
  const burst = burstAt(s, robot.trackId, now);
  if (burst && robot.lastBurst !== burst.start) {
    robot.lastBurst = burst.start;
    if (rng.chance(s.networkBurstReach)) {
      const left = burst.end - now;
      out.push({ code: 'network_timeout', clearAt: now + Math.round(left / 3 + rng.next() * ((2 * left) / 3)) });
    }
  }
  return out;
}
