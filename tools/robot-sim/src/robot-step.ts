import { type AlarmCode, formatLogEvent, type TrackMap } from '@railserve/protocol';
import { scenarioAlarms } from './alarm-scenario.ts';
import { CHARGE_BELOW, CHARGED_AT, chargePoint, chargesAt } from './charging.ts';
import type { Rng } from './rng.ts';
import {
  blocks,
  clearAlarm,
  homePoint,
  MOVING_STATES,
  type ModelEvent,
  RANDOM_ALARMS,
  type RobotModel,
  type RobotTiming,
  raiseAlarm,
  setState,
} from './robot-model.ts';
import { findRoute } from './route.ts';

// The battery warning comes as the robot falls below the charging threshold (it warns, then goes to
// charge once idle), with hysteresis so that it does not flap there; charging clears it.
export const LOW_BATTERY_BELOW = CHARGE_BELOW;
export const LOW_BATTERY_CLEARS_AT = CHARGE_BELOW + 10;

/** Starts a leg towards `to`; false when the map has no way there. */
export function startLeg(m: RobotModel, map: TrackMap, leg: 'goto' | 'return', to: number, now: number, events: ModelEvent[]) {
  const route = m.point === undefined ? [to] : findRoute(map, m.point, to);
  if (!route) return false;
  m.route = route;
  m.leg = leg;
  m.target = to;
  setState(m, leg, now, events);
  return true;
}

/** One simulation step: move a point, wait, charge or drain, time out, raise or clear alarms. */
export function stepRobot(m: RobotModel, map: TrackMap | null, now: number, rng: Rng, t: RobotTiming): ModelEvent[] {
  const events: ModelEvent[] = [];
  const elapsed = now - m.stateSince;
  for (const [code, until] of Object.entries(m.alarmUntil) as [AlarmCode, number][]) {
    if (until <= now) clearAlarm(m, code, now, events);
  }
  if (t.alarmRate > 0 && m.state !== 'init' && m.state !== 'upgrade' && rng.chance((t.alarmRate * t.stepMs) / 3_600_000)) {
    raiseAlarm(m, rng.pick(RANDOM_ALARMS), now, events, now + t.alarmClearMs);
  }
  const pointBefore = m.point;
  const moving = MOVING_STATES.includes(m.state);
  switch (m.state) {
    case 'init':
      // A robot on a track initializes by loading that track's map: without it, it stays in init.
      if (elapsed >= t.initMs && (m.trackId === undefined || map)) {
        m.point ??= homePoint(m, map);
        setState(m, m.alarms.some(blocks) ? 'alarm' : 'idle', now, events);
      }
      break;
    case 'upgrade':
      // Downloading ends in robot.ts (it needs the network); installing takes upgradeMs, then a reboot.
      if (m.update?.stage === 'installing' && elapsed >= t.upgradeMs) {
        m.firmware = m.update.version;
        m.finishedUpdate = m.update.recordId;
        m.update = undefined;
        setState(m, 'init', now, events);
        events.push({ type: 'reboot' });
      } else if (!m.update) setState(m, 'init', now, events);
      break;
    case 'idle':
    case 'sleep':
      if (chargesAt(map, m.point)) charge(m, t, events);
      else if (m.state === 'idle' && map && m.battery < CHARGE_BELOW && goCharge(m, map, now, events)) break;
      if (m.state === 'idle' && t.sleepAfterMs > 0 && elapsed >= t.sleepAfterMs) setState(m, 'sleep', now, events);
      break;
    case 'goto':
    case 'return':
      if (rng.chance(t.waitPathChance)) setState(m, 'wait_path', now, events);
      else advance(m, now, events, t);
      break;
    case 'wait_path':
      if (elapsed >= t.stepMs && m.leg) setState(m, m.leg, now, events);
      break;
    case 'arrive': {
      const waitMs = t.arriveWaitMs ?? m.config.basic.buttonTime * 1000;
      const autoExit = !m.config.advanced.disableAutoExit && waitMs > 0 && elapsed >= waitMs;
      if (!m.lidOpen && (m.served || autoExit)) leaveTable(m, map, now, events);
      break;
    }
  }
  if (t.alarmScenario) {
    const step = { moving, reached: m.point !== pointBefore ? m.point : undefined };
    for (const a of scenarioAlarms(t.alarmScenario, m, step, map, now, t.stepMs, rng))
      raiseAlarm(m, a.code, now, events, a.clearAt);
  }
  if (m.battery < LOW_BATTERY_BELOW) raiseAlarm(m, 'low_battery', now, events);
  else if (m.battery >= LOW_BATTERY_CLEARS_AT) clearAlarm(m, 'low_battery', now, events);
  return events;
}

function charge(m: RobotModel, t: RobotTiming, events: ModelEvent[]) {
  const before = m.battery;
  m.battery = Math.min(100, m.battery + t.chargePerStep);
  if (before < CHARGED_AT && m.battery >= CHARGED_AT) {
    const message = formatLogEvent('device_charged', { battery: Math.round(m.battery) });
    events.push({ type: 'log', level: 'info', logType: 'battery', message });
  }
}

/** An idle robot low on battery drives to its charge point on its own (charging.ts). */
function goCharge(m: RobotModel, map: TrackMap, now: number, events: ModelEvent[]) {
  const to = chargePoint(m, map);
  if (to === undefined || !startLeg(m, map, 'return', to, now, events)) return false;
  const message = formatLogEvent('device_going_to_charge', { battery: Math.round(m.battery), point: to });
  events.push({ type: 'log', level: 'info', logType: 'battery', message });
  return true;
}

function advance(m: RobotModel, now: number, events: ModelEvent[], t: RobotTiming) {
  const next = m.route.shift();
  if (next !== undefined) {
    m.point = next;
    m.battery = Math.max(0, m.battery - t.drainPerStep);
  }
  if (m.route.length > 0) return;
  if (m.leg === 'goto') {
    m.served = false;
    setState(m, 'arrive', now, events);
  } else {
    endTrip(m, now, events);
  }
}

function leaveTable(m: RobotModel, map: TrackMap | null, now: number, events: ModelEvent[]) {
  const back = m.returnTo ?? homePoint(m, map);
  if (!map || back === undefined || !startLeg(m, map, 'return', back, now, events)) endTrip(m, now, events);
}

export function endTrip(m: RobotModel, now: number, events: ModelEvent[]) {
  m.route = [];
  m.leg = undefined;
  m.target = undefined;
  m.returnTo = undefined;
  setState(m, 'idle', now, events);
}
