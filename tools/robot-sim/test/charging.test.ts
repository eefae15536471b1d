import { mapTables, parseLogEvent, type RobotStatusPayload, type TrackMap } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { CHARGE_BELOW, CHARGED_AT, chargePoint, chargesAt, stillCharging } from '../src/charging.ts';
import { generateTrackMap } from '../src/map-gen.ts';
import { createRng } from '../src/rng.ts';
import { applyCommand } from '../src/robot-commands.ts';
import { createRobotModel, DEFAULT_TIMING, type ModelEvent, type RobotModel, statusOf } from '../src/robot-model.ts';
import { stepRobot } from '../src/robot-step.ts';
import { dispatchableRobots } from '../src/track-commands.ts';
import { reduceTrack } from '../src/track-machine.ts';
import { initialTrackState, type TrackEffect, type TrackEvent, type TrackState, trackStatusOf } from '../src/track-state.ts';

const map = generateTrackMap({ parking: 3, tables: 6 });
const serving = map.points.find((p) => p.type === 'serving')!.number;
const parking = map.points.filter((p) => p.type === 'parking').map((p) => p.number);
const rng = createRng(11);
const ts = '2026-01-01T00:00:00.000Z';

const eventKeys = (events: ModelEvent[]) =>
  events.flatMap((e) => (e.type === 'log' ? [parseLogEvent(e.message)?.key ?? e.message] : []));

/** An idle robot at `point` with `battery`, past its start-up. */
function idleAt(point: number, battery: number, homeIndex = 0): RobotModel {
  const m = createRobotModel({ sn: 'C1', trackId: 1, battery, homeIndex }, 0);
  stepRobot(m, map, 5000, rng, DEFAULT_TIMING);
  m.point = point;
  return m;
}

describe('a simulated robot low on battery', () => {
  it('drives to its own charge point on its own, charges there, and says so', () => {
    const m = idleAt(serving, CHARGE_BELOW - 1, 1);
    const events: ModelEvent[] = [];
    let now = 6000;
    events.push(...stepRobot(m, map, now, rng, { ...DEFAULT_TIMING, waitPathChance: 0 }));
    expect(m).toMatchObject({ state: 'return', target: parking[1] });
    for (let i = 0; i < 400 && m.battery < CHARGED_AT; i++) {
      now += 1000;
      events.push(...stepRobot(m, map, now, rng, { ...DEFAULT_TIMING, waitPathChance: 0 }));
    }
    expect(m).toMatchObject({ state: 'idle', point: parking[1] });
    expect(m.battery).toBeGreaterThanOrEqual(CHARGED_AT);
    expect(eventKeys(events)).toContain('device_going_to_charge');
    expect(eventKeys(events)).toContain('device_charged');
  });

  it('stays where it is while its battery is above the threshold, and charges only at a charge point', () => {
    const m = idleAt(serving, CHARGE_BELOW + 5);
    stepRobot(m, map, 6000, rng, DEFAULT_TIMING);
    expect(m).toMatchObject({ state: 'idle', point: serving, battery: CHARGE_BELOW + 5 });
    const home = idleAt(parking[0], 50);
    stepRobot(home, map, 6000, rng, DEFAULT_TIMING);
    expect(home.battery).toBe(50 + DEFAULT_TIMING.chargePerStep);
  });

  it('finds a charge point other than parking on a hand-drawn map', () => {
    const drawn: TrackMap = {
      ...map,
      points: map.points.map((p) =>
        p.type === 'parking' ? { ...p, type: 'path', charge: false } : p.number === serving ? { ...p, charge: true } : p,
      ),
    };
    const m = createRobotModel({ sn: 'C2' }, 0);
    expect(chargePoint(m, drawn)).toBe(serving);
    expect(chargesAt(drawn, parking[0])).toBe(false);
    expect(chargePoint(m, { ...drawn, points: drawn.points.map((p) => ({ ...p, charge: false })) })).toBeUndefined();
  });
});

describe('the track controller and charging robots', () => {
  const status = (sn: string, battery: number, point = parking[0]): TrackEvent => ({
    type: 'robot_status',
    status: { sn, connection: 'online', state: 'idle', trackId: 1, point, battery, alarms: [], ts },
  });
  const sendTarget: TrackEvent = {
    type: 'command',
    id: 'c1',
    command: 'send_target',
    args: { servingPoint: serving, target: mapTables(map)[0].point },
  };
  const ready = () =>
    run(initialTrackState({ trackId: 1, robots: ['A', 'B'] }), { type: 'map', map }, { type: 'initialized' }).state;
  const dispatched = (effects: TrackEffect[]) => effects.find((e) => e.type === 'robot_command')?.sn;

  it('dispatches a robot that fell asleep after a long idle spell (the order wakes it)', () => {
    const asleep: TrackEvent = {
      type: 'robot_status',
      status: { sn: 'A', connection: 'online', state: 'sleep', trackId: 1, point: parking[0], battery: 80, alarms: [], ts },
    };
    const state = run(ready(), asleep).state;
    expect(dispatchableRobots(state)).toEqual(['A']);
    expect(dispatched(run(state, sendTarget).effects)).toBe('A');
  });

  it('does not dispatch a robot below the threshold until it has charged, even from the serving point', () => {
    const low = run(ready(), status('A', CHARGE_BELOW - 5, serving), status('B', 60)).state;
    expect(dispatchableRobots(low)).toEqual(['B']);
    expect(dispatched(run(low, sendTarget).effects)).toBe('B');
    const busyB: TrackEvent = { type: 'robot_status', status: { sn: 'B', connection: 'online', state: 'goto', trackId: 1, ts } };
    const halfway = run(low, status('A', 70, parking[0]), busyB).state;
    expect(halfway.charging).toEqual(['A']);
    const refused = run(halfway, sendTarget).effects.find((e) => e.type === 'ack');
    expect(refused).toMatchObject({ ok: false, error: 'every idle robot is charging' });
    const charged = run(halfway, status('A', CHARGED_AT)).state;
    expect(charged.charging).toEqual([]);
    expect(dispatched(run(charged, sendTarget).effects)).toBe('A');
  });

  it('reports the robots it holds back to charge in its status, at once when that changes', () => {
    const low = run(ready(), status('A', CHARGE_BELOW - 5));
    expect(low.effects).toContainEqual({ type: 'publish_status' });
    expect(trackStatusOf(low.state).charging).toEqual(['A']);
    expect(trackStatusOf(run(low.state, status('A', CHARGED_AT)).state).charging).toEqual([]);
    // A robot charging on the track that is not one of its robots is not reported.
    expect(trackStatusOf(run(ready(), status('X', CHARGE_BELOW - 5)).state).charging).toEqual([]);
  });

  it('keeps the charging rule with hysteresis', () => {
    expect(stillCharging(false, CHARGE_BELOW - 1)).toBe(true);
    expect(stillCharging(true, CHARGE_BELOW + 10)).toBe(true);
    expect(stillCharging(false, CHARGE_BELOW + 10)).toBe(false);
    expect(stillCharging(true, CHARGED_AT)).toBe(false);
    expect(stillCharging(true, undefined)).toBe(true);
  });
});

describe('a busy track over hours', () => {
  it('keeps every robot above 20 % while orders keep coming (it warns of a low battery at 30 and goes to charge)', () => {
    const robots = ['H1', 'H2', 'H3'].map((sn, homeIndex) =>
      createRobotModel({ sn, trackId: 1, homeIndex, battery: 40 + homeIndex * 20 }, 0),
    );
    let track = run(
      initialTrackState({ trackId: 1, robots: robots.map((r) => r.sn) }),
      { type: 'map', map },
      { type: 'initialized' },
    );
    const tables = mapTables(map);
    const hours = 4;
    let lowest = 100;
    let deliveriesLastHour = 0;
    for (let second = 1; second <= hours * 3600; second++) {
      const now = second * 1000;
      for (const m of robots) {
        stepRobot(m, map, now, rng, DEFAULT_TIMING);
        const payload: RobotStatusPayload = { ...statusOf(m), ts };
        track = run(track.state, { type: 'robot_status', status: payload });
        if (second > 60) lowest = Math.min(lowest, m.battery);
      }
      // The demo's dispatcher: an order every 5 s when the controller has a robot for it.
      if (second % 5 === 0 && dispatchableRobots(track.state).length > 0) {
        const target = tables[(second / 5) % tables.length].point;
        track = run(track.state, {
          type: 'command',
          id: `o${second}`,
          command: 'send_target',
          args: { servingPoint: serving, target },
        });
        for (const effect of track.effects) {
          if (effect.type !== 'robot_command') continue;
          const robot = robots.find((r) => r.sn === effect.sn)!;
          expect(applyCommand(robot, effect, map, now, [])).toEqual({ ok: true });
          if (second > (hours - 1) * 3600) deliveriesLastHour++;
        }
      }
    }
    expect(lowest).toBeGreaterThanOrEqual(20);
    expect(robots.every((m) => m.alarms.length === 0)).toBe(true);
    expect(deliveriesLastHour).toBeGreaterThan(60);
  });
});

function run(state: TrackState, ...events: TrackEvent[]) {
  let effects: TrackEffect[] = [];
  for (const e of events) ({ state, effects } = reduceTrack(state, e));
  return { state, effects };
}
