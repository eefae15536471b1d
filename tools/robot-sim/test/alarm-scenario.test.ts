import type { AlarmCode } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { type AlarmScenario, burstAt, demoAlarmScenario, wornMarkerPoint } from '../src/alarm-scenario.ts';
import { CHARGE_BELOW } from '../src/charging.ts';
import { generateTrackMap } from '../src/map-gen.ts';
import { createRng, seedFrom } from '../src/rng.ts';
import { applyCommand } from '../src/robot-commands.ts';
import {
  createRobotModel,
  DEFAULT_TIMING,
  type ModelEvent,
  type RobotModel,
  type RobotTiming,
  statusOf,
} from '../src/robot-model.ts';
import { LOW_BATTERY_CLEARS_AT, stepRobot } from '../src/robot-step.ts';

// The simulator's realistic alarms (alarm-scenario.ts), on the model alone: seeded, so exact.
const map = generateTrackMap({ parking: 3, tables: 4 });
const tables = map.points.filter((p) => p.type === 'table').map((p) => p.number);
const OFF: AlarmScenario = {
  wornMarkerChance: 0,
  misreadMs: 500,
  motorFaultRate: 0,
  networkBurstEveryMs: 0,
  networkBurstMs: 0,
  networkBurstReach: 0,
  seed: 3,
};
const timing = (scenario: Partial<AlarmScenario>): RobotTiming => ({
  ...DEFAULT_TIMING,
  stepMs: 100,
  initMs: 100,
  waitPathChance: 0,
  arriveWaitMs: 200,
  drainPerStep: 0,
  alarmScenario: { ...OFF, ...scenario },
});

type Run = { m: RobotModel; t: number; events: ModelEvent[]; raisedAt: Map<AlarmCode, number[]> };

/** A robot on track 1 whose trips go from home to the tables in turn; `n` steps of 100 ms. */
function drive(sn: string, tm: RobotTiming, n: number, seed = 11, homeIndex = 0): Run {
  const m = createRobotModel({ sn, trackId: 1, homeIndex, battery: 90 }, 0);
  const rng = createRng(seedFrom(seed, sn));
  const run: Run = { m, t: 0, events: [], raisedAt: new Map() };
  let trip = 0;
  for (let i = 0; i < n; i++) {
    run.t += 100;
    if (m.state === 'idle' && m.point !== undefined)
      applyCommand(m, { command: 'goto', args: { point: tables[trip++ % tables.length] } }, map, run.t, []);
    const events = stepRobot(m, map, run.t, rng, tm);
    for (const e of events)
      if (e.type === 'alarm' && e.active) run.raisedAt.set(e.code, [...(run.raisedAt.get(e.code) ?? []), m.point ?? -1]);
    run.events.push(...events);
  }
  return run;
}

describe('simulator alarms', () => {
  it('misreads the worn marker of the track, on several robots, only there, and drives on once read', () => {
    const marker = wornMarkerPoint(map)!;
    expect(map.points.find((p) => p.number === marker)!.type).toBe('path');
    const runs = ['W-1', 'W-2', 'W-3'].map((sn, i) => drive(sn, timing({ wornMarkerChance: 0.5 }), 600, 11, i));
    for (const run of runs) {
      const points = run.raisedAt.get('read_point_timeout') ?? [];
      expect(points.length, run.m.sn).toBeGreaterThan(0);
      expect(new Set(points)).toEqual(new Set([marker]));
      expect([...run.raisedAt.keys()]).toEqual(['read_point_timeout']);
    }
    // Each misread clears on its own and the trip goes on.
    const first = runs[0];
    const raised = first.events.filter((e) => e.type === 'alarm' && e.active).length;
    const cleared = first.events.filter((e) => e.type === 'alarm' && !e.active).length;
    expect(cleared).toBeGreaterThanOrEqual(raised - 1);
    expect(first.events).toContainEqual(expect.objectContaining({ message: 'state alarm → goto' }));
  });

  it('holds a motor fault until a reset, which the robot acknowledges and its next status no longer reports', () => {
    const run = drive('M-1', timing({ motorFaultRate: 3_600_000 / 100 / 20 }), 60);
    const faults = [...run.raisedAt.keys()];
    expect(faults.length).toBe(1);
    expect(['left_motor_comm', 'right_motor_comm']).toContain(faults[0]);
    expect(run.m.state).toBe('alarm');
    // Nobody resets: it stays (a motor fault does not clear itself).
    const rng = createRng(1);
    for (let i = 0; i < 50; i++) {
      run.t += 100;
      stepRobot(run.m, map, run.t, rng, { ...timing({}), alarmScenario: undefined });
    }
    expect(statusOf(run.m).alarms).toEqual(faults);
    const events: ModelEvent[] = [];
    expect(applyCommand(run.m, { command: 'reset_alarm' }, map, run.t, events)).toEqual({ ok: true });
    expect(events).toContainEqual({ type: 'alarm', code: faults[0], active: false });
    expect(statusOf(run.m).alarms).toEqual([]);
    expect(run.m.state).not.toBe('alarm');
  });

  it('drops the network of a whole track in bursts that clear on their own, the same for every robot', () => {
    const s = { ...OFF, networkBurstEveryMs: 6000, networkBurstMs: 2000, networkBurstReach: 1 };
    const bursts = new Set<number>();
    for (let t = 0; t < 30_000; t += 100) {
      const b = burstAt(s, 1, t);
      if (b) {
        bursts.add(b.start);
        expect(b.end - b.start).toBe(2000);
      }
    }
    expect(bursts.size).toBe(5);
    expect(burstAt(s, 1, [...bursts][0])).toEqual(burstAt({ ...s }, 1, [...bursts][0]));
    const runs = ['N-1', 'N-2'].map((sn, i) => drive(sn, timing(s), 300, 11, i));
    for (const run of runs) {
      expect(run.raisedAt.get('network_timeout')?.length, run.m.sn).toBe(5);
      expect(run.m.alarms.includes('network_timeout')).toBe(burstAt(s, 1, run.t) !== undefined);
    }
    expect(burstAt({ ...s, networkBurstEveryMs: 0 }, 1, [...bursts][0])).toBeUndefined();
  });

  it('warns of a low battery while driving, before it goes to charge, and clears once charged', () => {
    const m = createRobotModel({ sn: 'B-1', trackId: 1, battery: CHARGE_BELOW + 0.5 }, 0);
    const rng = createRng(5);
    const tm = { ...timing({}), drainPerStep: 1, chargePerStep: 2 };
    let t = 0;
    const states: string[] = [];
    const log: string[] = [];
    for (let i = 0; i < 60; i++) {
      t += 100;
      if (i === 2) applyCommand(m, { command: 'goto', args: { point: tables[1] } }, map, t, []);
      for (const e of stepRobot(m, map, t, rng, tm)) {
        if (e.type === 'alarm')
          log.push(`${e.code} ${e.active ? 'raised' : 'cleared'} in ${m.state} at ${Math.round(m.battery)}`);
      }
      states.push(m.state);
    }
    expect(log[0]).toMatch(/^low_battery raised in goto/);
    expect(log[1]).toMatch(/^low_battery cleared in idle/);
    expect(m.battery).toBeGreaterThanOrEqual(LOW_BATTERY_CLEARS_AT);
    expect(states).toContain('return');
  });

  it('is the same run twice from the same seed', () => {
    const a = drive('D-1', timing(demoAlarmScenario(9)), 400, 4);
    const b = drive('D-1', timing(demoAlarmScenario(9)), 400, 4);
    expect(b.events).toEqual(a.events);
  });
});
