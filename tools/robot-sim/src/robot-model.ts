import {
  ALARM_CODES,
  type AlarmCode,
  DEFAULT_ROBOT_CONFIG,
  formatLogEvent,
  type LogLevel,
  type RobotConfig,
  type RobotState,
  type RobotStatusPayload,
  type TrackMap,
  type UpdateCommandArgs,
} from '@railserve/protocol';
import type { AlarmScenario } from './alarm-scenario.ts';

/** What a simulated robot is doing, independent of the broker. The MQTT wiring lives in robot.ts. */
export type RobotModel = {
  sn: string;
  name?: string;
  firmware: string;
  /** The update being downloaded or installed (robot-update.ts). */
  update?: RobotUpdate;
  /** The record of an update installed before the last reboot, reported once connected again. */
  finishedUpdate?: number;
  trackId?: number;
  trackName?: string;
  homeIndex: number;
  state: RobotState;
  stateSince: number;
  battery: number;
  point?: number;
  target?: number;
  /** Points still to drive through on the current leg. */
  route: number[];
  /** The trip leg in progress, so waits and alarms know what to resume. */
  leg?: 'goto' | 'return';
  returnTo?: number;
  resume?: RobotState;
  lidOpen: boolean;
  /** The lid was opened and closed at the table: the meal was taken. */
  served: boolean;
  alarms: AlarmCode[];
  /** Random alarms clear themselves at these times; requested ones wait for a reset. */
  alarmUntil: Partial<Record<AlarmCode, number>>;
  /** The start of the last network burst of its track it answered (alarm-scenario.ts). */
  lastBurst?: number;
  config: RobotConfig;
};

/** The update a robot is running: downloading the file, then installing it (state `upgrade` throughout). */
export type RobotUpdate = UpdateCommandArgs & { stage: 'downloading' | 'installing' };

export type RobotTiming = {
  stepMs: number;
  initMs: number;
  upgradeMs: number;
  /** Time at a table before leaving without a lid cycle; unset → the robot's buttonTime setting. */
  arriveWaitMs?: number;
  /** Idle time before sleep; 0 never sleeps. */
  sleepAfterMs: number;
  /** Expected random alarms per robot per hour. */
  alarmRate: number;
  alarmClearMs: number;
  drainPerStep: number;
  chargePerStep: number;
  waitPathChance: number;
  /** Realistic alarms (alarm-scenario.ts); unset: none. */
  alarmScenario?: AlarmScenario;
};

/** Real robots take about a second per point; tests pass shorter times. */
export const DEFAULT_TIMING: RobotTiming = {
  stepMs: 1000,
  initMs: 2000,
  upgradeMs: 5000,
  // Listed (though unset) so timingOf picks it from the options.
  arriveWaitMs: undefined,
  sleepAfterMs: 300_000,
  alarmRate: 0,
  alarmClearMs: 15_000,
  drainPerStep: 0.2,
  chargePerStep: 0.5,
  waitPathChance: 0.03,
  // Listed (though unset) so timingOf picks it from the options.
  alarmScenario: undefined,
};

export type ModelEvent =
  | { type: 'alarm'; code: AlarmCode; active: boolean }
  | { type: 'log'; level: LogLevel; logType: string; message: string }
  | { type: 'reboot' };

export const MOVING_STATES: readonly RobotState[] = ['goto', 'return', 'wait_path'];
// A low battery is a warning the robot drives on with; every other alarm stops it until cleared.
export const blocks = (code: AlarmCode) => code !== 'low_battery';
export const RANDOM_ALARMS = ALARM_CODES.filter(blocks);

export function createRobotModel(init: Partial<RobotModel> & Pick<RobotModel, 'sn'>, now: number): RobotModel {
  return {
    firmware: '1.0.0',
    homeIndex: 0,
    state: 'init',
    stateSince: now,
    battery: 100,
    route: [],
    lidOpen: false,
    served: false,
    alarms: [],
    alarmUntil: {},
    config: structuredClone(DEFAULT_ROBOT_CONFIG),
    ...init,
  };
}

export function setState(m: RobotModel, state: RobotState, now: number, events: ModelEvent[]) {
  if (m.state === state) return;
  events.push({
    type: 'log',
    level: 'info',
    logType: 'state',
    message: formatLogEvent('device_state_changed', { from: m.state, to: state }),
  });
  m.state = state;
  m.stateSince = now;
}

export function raiseAlarm(m: RobotModel, code: AlarmCode, now: number, events: ModelEvent[], clearAt?: number) {
  if (clearAt !== undefined) m.alarmUntil[code] = clearAt;
  if (m.alarms.includes(code)) return;
  m.alarms = [...m.alarms, code];
  events.push({ type: 'alarm', code, active: true });
  events.push({
    type: 'log',
    level: blocks(code) ? 'error' : 'warning',
    logType: 'alarm',
    message: formatLogEvent('device_alarm_raised', { alarm: code }),
  });
  if (blocks(code) && m.state !== 'alarm' && m.state !== 'init' && m.state !== 'upgrade') {
    m.resume = m.state === 'wait_path' ? m.leg : m.state;
    setState(m, 'alarm', now, events);
  }
}

export function clearAlarm(m: RobotModel, code: AlarmCode, now: number, events: ModelEvent[]) {
  delete m.alarmUntil[code];
  if (!m.alarms.includes(code)) return;
  m.alarms = m.alarms.filter((a) => a !== code);
  events.push({ type: 'alarm', code, active: false });
  events.push({ type: 'log', level: 'info', logType: 'alarm', message: formatLogEvent('device_alarm_cleared', { alarm: code }) });
  if (m.state === 'alarm' && !m.alarms.some(blocks)) setState(m, m.resume ?? 'idle', now, events);
}

/** The robot's own parking point on this map: its homeIndex-th, so robots of a fleet spread out. */
export function homePoint(m: RobotModel, map: TrackMap | null): number | undefined {
  const parking = map?.points.filter((p) => p.type === 'parking') ?? [];
  if (parking.length === 0) return map?.points[0]?.number;
  return parking[m.homeIndex % parking.length].number;
}

/** The status payload without its timestamp. */
export function statusOf(m: RobotModel): Omit<RobotStatusPayload, 'ts'> {
  return {
    sn: m.sn,
    connection: 'online',
    state: m.state,
    battery: Math.round(m.battery),
    trackId: m.trackId,
    trackName: m.trackName,
    point: m.point,
    target: m.target,
    alarms: m.alarms,
    firmware: m.firmware,
    ip: m.config.network.staticIp,
    name: m.name,
  };
}
