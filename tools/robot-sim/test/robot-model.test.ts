import { describe, expect, it } from 'vitest';
import { generateTrackMap } from '../src/map-gen.ts';
import { createRng } from '../src/rng.ts';
import { applyCommand, applyConfigWrite } from '../src/robot-commands.ts';
import {
  createRobotModel,
  DEFAULT_TIMING,
  type ModelEvent,
  type RobotModel,
  type RobotTiming,
  raiseAlarm,
} from '../src/robot-model.ts';
import { stepRobot } from '../src/robot-step.ts';

const map = generateTrackMap({ parking: 2, tables: 2 });
const table = map.points.find((p) => p.type === 'table')!.number;
const timing: RobotTiming = { ...DEFAULT_TIMING, stepMs: 100, initMs: 100, upgradeMs: 300, waitPathChance: 0, arriveWaitMs: 500 };

/** Steps the model `n` times, 100 ms apart, from time `t`; returns the new time and all events. */
function steps(m: RobotModel, n: number, t: number, tm: RobotTiming = timing, onMap = map) {
  const events: ModelEvent[] = [];
  const rng = createRng(7);
  for (let i = 0; i < n; i++) {
    t += 100;
    events.push(...stepRobot(m, onMap, t, rng, tm));
  }
  return { t, events };
}
const idleRobot = () => {
  const m = createRobotModel({ sn: 'M1', trackId: 1, battery: 90 }, 0);
  return { m, t: steps(m, 2, 0).t };
};
const cmd = (m: RobotModel, command: string, args?: unknown, t = 0) => applyCommand(m, { command, args }, map, t, []);
const updateArgs = (recordId: number) => ({
  recordId,
  version: '2.3.4',
  url: `/api/v1/updates/${recordId}/download`,
  sha256: 'f'.repeat(64),
  size: 1,
  code: 'C',
  signature: `${'A'.repeat(86)}==`,
});

describe('robot model', () => {
  it('stays in init until its track map is there, then idles at its home point', () => {
    const m = createRobotModel({ sn: 'M1', trackId: 1, homeIndex: 1 }, 0);
    steps(m, 3, 0, timing, null as never);
    expect(m.state).toBe('init');
    steps(m, 1, 300);
    expect(m).toMatchObject({ state: 'idle', point: map.points.filter((p) => p.type === 'parking')[1].number });
  });

  it('drives to a table, waits, returns home, and drains battery on the way', () => {
    let { m, t } = idleRobot();
    const home = m.point;
    expect(cmd(m, 'goto', { point: table }, t)).toEqual({ ok: true });
    expect(m.state).toBe('goto');
    ({ t } = steps(m, m.route.length, t));
    expect(m).toMatchObject({ state: 'arrive', point: table });
    ({ t } = steps(m, 5, t));
    expect(m.state).toBe('return');
    steps(m, m.route.length, t);
    expect(m).toMatchObject({ state: 'idle', point: home, target: undefined });
    expect(m.battery).toBeLessThan(90);
  });

  it('leaves the table as soon as the lid was opened and closed, and never auto-exits when told not to', () => {
    const { m, t } = idleRobot();
    m.config.advanced.disableAutoExit = true;
    cmd(m, 'goto', { point: table }, t);
    const after = steps(m, m.route.length, t).t;
    steps(m, 20, after);
    expect(m.state).toBe('arrive');
    expect(cmd(m, 'lid', { open: true })).toEqual({ ok: true });
    expect(cmd(m, 'lid', { open: false })).toEqual({ ok: true });
    steps(m, 1, after + 2000);
    expect(m.state).toBe('return');
  });

  it('refuses what the state forbids', () => {
    const { m, t } = idleRobot();
    cmd(m, 'goto', { point: table }, t);
    expect(cmd(m, 'lid', { open: true })).toEqual({ ok: false, error: 'lid cannot open while moving' });
    expect(cmd(m, 'goto', { point: table })).toEqual({ ok: false, error: 'robot is busy' });
    expect(cmd(m, 'update', updateArgs(1))).toEqual({ ok: false, error: 'robot is busy' });
    const other = idleRobot().m;
    raiseAlarm(other, 'left_motor_comm', 0, []);
    expect(other.state).toBe('alarm');
    expect(cmd(other, 'goto', { point: table })).toMatchObject({ ok: false, error: expect.stringContaining('alarm') });
    expect(cmd(other, 'reset_alarm')).toEqual({ ok: true });
    expect(other).toMatchObject({ state: 'idle', alarms: [] });
    expect(cmd(other, 'goto', { point: 4242 })).toEqual({ ok: false, error: 'unknown point 4242' });
    expect(applyCommand(other, { command: 'goto', args: { point: table } }, null, 0, [])).toEqual({
      ok: false,
      error: 'no map loaded',
    });
  });

  it('opens the lid at rest under manual control and goes back to idle when it closes', () => {
    const { m } = idleRobot();
    cmd(m, 'lid', { open: true });
    expect(m.state).toBe('control');
    expect(cmd(m, 'goto', { point: table })).toEqual({ ok: false, error: 'close the lid first' });
    cmd(m, 'lid', { open: false });
    expect(m.state).toBe('idle');
  });

  it('resumes its trip when an alarm clears', () => {
    const { m, t } = idleRobot();
    cmd(m, 'goto', { point: table }, t);
    raiseAlarm(m, 'network_timeout', t, []);
    expect(m.state).toBe('alarm');
    cmd(m, 'reset_alarm');
    expect(m.state).toBe('goto');
  });

  it('raises random alarms at the configured rate and clears them after a while', () => {
    const { m, t } = idleRobot();
    const { events } = steps(m, 50, t, { ...timing, alarmRate: 3_600_000 / 100 / 5, alarmClearMs: 300 });
    const raised = events.filter((e) => e.type === 'alarm' && e.active);
    const cleared = events.filter((e) => e.type === 'alarm' && !e.active);
    expect(raised.length).toBeGreaterThan(0);
    expect(cleared.length).toBeGreaterThan(0);
  });

  it('raises low_battery below 30 (where it goes to charge) and clears it from 40, charging at its parking point', () => {
    const { m, t } = idleRobot();
    m.battery = 29;
    steps(m, 1, t);
    expect(m.alarms).toEqual(['low_battery']);
    expect(m.state).toBe('idle');
    steps(m, 6, t + 100, { ...timing, chargePerStep: 1 });
    expect(m.alarms).toEqual(['low_battery']);
    steps(m, 6, t + 700, { ...timing, chargePerStep: 1 });
    expect(m.battery).toBeGreaterThanOrEqual(40);
    expect(m.alarms).toEqual([]);
  });

  it('sleeps after a long idle, and upgrades then reboots with the new firmware', () => {
    const { m, t } = idleRobot();
    steps(m, 3, t, { ...timing, sleepAfterMs: 200 });
    expect(m.state).toBe('sleep');
    expect(cmd(m, 'update', { recordId: 12 })).toMatchObject({ ok: false, error: expect.stringContaining('invalid command') });
    expect(cmd(m, 'update', updateArgs(12))).toEqual({ ok: true, after: 'update' });
    expect(m.state).toBe('upgrade');
    expect(cmd(m, 'rename', { name: 'x' })).toEqual({ ok: false, error: 'robot is upgrading' });
    // Still downloading: nothing is installed however long it takes.
    expect(steps(m, 6, t + 300).events).not.toContainEqual({ type: 'reboot' });
    m.update!.stage = 'installing';
    m.stateSince = t + 900;
    const { events } = steps(m, 4, t + 900);
    expect(events).toContainEqual({ type: 'reboot' });
    expect(events).toContainEqual(expect.objectContaining({ message: 'state upgrade → init' }));
    expect(m).toMatchObject({ firmware: '2.3.4', update: undefined, finishedUpdate: 12 });
  });

  it('validates config writes with the protocol schemas', () => {
    const { m } = idleRobot();
    expect(applyConfigWrite(m, 'motion', { ...m.config.motion, maxSpeed: 900 }, [])).toEqual({ ok: true, after: 'report' });
    expect(m.config.motion.maxSpeed).toBe(900);
    expect(applyConfigWrite(m, 'network', { ...m.config.network, wifiSsid: '' }, [])).toEqual({
      ok: false,
      error: 'invalid config: wifiSsid: ssid_required',
    });
    expect(applyConfigWrite(m, 'basic', { volume: 5 }, [])).toMatchObject({ ok: false });
    expect(applyConfigWrite(m, 'colour', {}, [])).toEqual({ ok: false, error: 'unknown config group colour' });
  });

  it('renames itself and answers restart, remove and reload_map with what the wiring must do', () => {
    const { m } = idleRobot();
    expect(cmd(m, 'rename', { name: 'Runner' })).toEqual({ ok: true });
    expect(m.name).toBe('Runner');
    expect(cmd(m, 'restart')).toEqual({ ok: true, after: 'restart' });
    expect(cmd(m, 'remove')).toEqual({ ok: true, after: 'remove' });
    expect(cmd(m, 'reload_map')).toEqual({ ok: true, after: 'reload_map' });
    expect(cmd(m, 'rename', { name: '' })).toMatchObject({ ok: false });
  });
});
