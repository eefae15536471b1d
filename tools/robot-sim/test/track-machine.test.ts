import type { RobotStatusPayload } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { generateTrackMap } from '../src/map-gen.ts';
import { reduceTrack } from '../src/track-machine.ts';
import { initialTrackState, type TrackEffect, type TrackEvent, type TrackState } from '../src/track-state.ts';

const map = generateTrackMap({ parking: 3, tables: 4 });
const serving = map.points.find((p) => p.type === 'serving')!.number;
const table = map.points.find((p) => p.type === 'table')!.number;
const parking = map.points.filter((p) => p.type === 'parking').map((p) => p.number);
const ts = '2026-01-01T00:00:00.000Z';
const status = (sn: string, extra: Partial<RobotStatusPayload> = {}): TrackEvent => ({
  type: 'robot_status',
  status: { sn, connection: 'online', state: 'idle', trackId: 1, point: parking[0], ts, ...extra },
});
const cmd = (command: string, args?: unknown): TrackEvent => ({ type: 'command', id: 'c1', command, args });

/** Feeds events in order, freezing every state so any mutation of an input throws. */
function run(state: TrackState, ...events: TrackEvent[]) {
  let effects: TrackEffect[] = [];
  for (const e of events) {
    const t = reduceTrack(deepFreeze(state), e);
    state = t.state;
    effects = t.effects;
  }
  return { state, effects };
}
function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}
const ready = (robots: string[] = ['A', 'B'], maxRobots = 20) =>
  run(initialTrackState({ trackId: 1, robots, maxRobots }), { type: 'map', map }, { type: 'initialized' }).state;
const ackOf = (effects: TrackEffect[]) => effects.find((e) => e.type === 'ack');
const sent = (effects: TrackEffect[]) => effects.filter((e) => e.type === 'robot_command');

describe('track controller state machine', () => {
  it('is uninitialized without a map, initializes on one, then runs normally', () => {
    const s0 = initialTrackState({ trackId: 1 });
    expect(s0.status).toBe(0);
    const loading = run(s0, { type: 'map', map });
    expect(loading.state.status).toBe(1);
    expect(loading.effects).toContainEqual({ type: 'publish_status' });
    expect(loading.effects).toContainEqual({ type: 'schedule', event: { type: 'initialized' }, delayMs: 1000 });
    const normal = run(loading.state, { type: 'initialized' });
    expect(normal.state).toMatchObject({ status: 3, error: 0, mode: 'normal' });
    expect(run(normal.state, { type: 'map', map: null }).state.status).toBe(0);
  });

  it('registers robots of its track while register mode is on', () => {
    let { state, effects } = run(ready([]), cmd('register_mode'));
    expect(state).toMatchObject({ status: 2, mode: 'register' });
    expect(ackOf(effects)).toEqual({ type: 'ack', id: 'c1', ok: true });
    ({ state, effects } = run(state, status('N1'), status('OTHER', { trackId: 2 }), status('N2')));
    expect(state.robots).toEqual(['N1', 'N2']);
    expect(effects).toContainEqual(expect.objectContaining({ type: 'log', message: 'robot N2 registered' }));
    ({ state } = run(state, cmd('register_mode', { enabled: false }), status('N3')));
    expect(state).toMatchObject({ status: 3, mode: 'normal', robots: ['N1', 'N2'] });
  });

  it('goes to error 1 with more robots than its limit and error 2 with more than its parking points', () => {
    const tooMany = run(
      initialTrackState({ trackId: 1, robots: ['A', 'B'], maxRobots: 1 }),
      { type: 'map', map },
      { type: 'initialized' },
    );
    expect(tooMany.state).toMatchObject({ status: 4, error: 1 });
    expect(tooMany.effects).toContainEqual(expect.objectContaining({ level: 'error', message: 'track error 1' }));
    expect(ready(['A', 'B', 'C', 'D'])).toMatchObject({ status: 4, error: 2 });
    expect(ready(['A', 'B', 'C'])).toMatchObject({ status: 3, error: 0 });
  });

  it('sends an idle robot to the table, preferring one at the serving point', () => {
    const s = run(ready(), status('A'), status('B', { point: serving })).state;
    const { state, effects } = run(s, cmd('send_target', { servingPoint: serving, target: table }));
    expect(sent(effects)).toEqual([{ type: 'robot_command', sn: 'B', id: 'track-1-1', command: 'goto', args: { point: table } }]);
    expect(ackOf(effects)).toMatchObject({ ok: true });
    const second = run(state, cmd('send_target', { servingPoint: serving, target: table }));
    expect(sent(second.effects)).toEqual([expect.objectContaining({ sn: 'A', id: 'track-1-2' })]);
    const third = run(second.state, cmd('send_target', { servingPoint: serving, target: table }));
    expect(ackOf(third.effects)).toEqual({ type: 'ack', id: 'c1', ok: false, error: 'no idle robot on this track' });
  });

  it('refuses send_target with wrong points, offline robots, or when not in normal operation', () => {
    const s = run(ready(), status('A'), status('B', { connection: 'offline' })).state;
    const error = (state: TrackState, args: unknown) =>
      (ackOf(run(state, cmd('send_target', args)).effects) as { error?: string }).error;
    expect(error(s, { servingPoint: table, target: table })).toBe(`point ${table} is not a serving point`);
    expect(error(s, { servingPoint: serving, target: serving })).toBe(`point ${serving} is not a table point`);
    expect(error(s, { servingPoint: serving })).toMatch(/^invalid command/);
    expect(error(run(s, cmd('viewer_mode')).state, { servingPoint: serving, target: table })).toBe('track is in viewer mode');
    expect(error(run(s, cmd('register_mode')).state, { servingPoint: serving, target: table })).toBe('track is in register mode');
    expect(error(initialTrackState({ trackId: 1 }), { servingPoint: serving, target: table })).toBe('no map loaded');
    const offline = run(s, status('A', { connection: 'offline' })).state;
    expect(error(offline, { servingPoint: serving, target: table })).toBe('no idle robot on this track');
  });

  it('forwards lid, reset, update and restart to one robot or all of them', () => {
    const s = ready();
    expect(sent(run(s, cmd('lid', { open: true })).effects).map((e) => [e.sn, e.command, e.args])).toEqual([
      ['A', 'lid', { open: true }],
      ['B', 'lid', { open: true }],
    ]);
    expect(sent(run(s, cmd('reset_alarm', { sn: 'B' })).effects).map((e) => e.sn)).toEqual(['B']);
    const update = {
      recordId: 5,
      sn: 'B',
      version: '2.0.0',
      url: '/api/v1/updates/5/download',
      sha256: 'f'.repeat(64),
      size: 1,
      code: 'C',
      signature: `${'A'.repeat(86)}==`,
    };
    expect(sent(run(s, cmd('update', update)).effects)).toEqual([
      expect.objectContaining({ sn: 'B', command: 'update', args: { ...update, sn: undefined } }),
    ]);
    expect(ackOf(run(s, cmd('update', { recordId: 5 })).effects)).toMatchObject({ ok: false });
    expect(ackOf(run(s, cmd('lid', { open: true, sn: 'ZZ' })).effects)).toMatchObject({
      ok: false,
      error: 'robot ZZ is not on this track',
    });
    const restart = run(s, cmd('restart'));
    expect(restart.state.status).toBe(1);
    expect(sent(restart.effects)).toHaveLength(2);
    expect(run(s, cmd('restart', { sn: 'A' })).state.status).toBe(3);
  });

  it('reloads its own map and its robots on reload_map, or only the robot named', () => {
    const all = run(ready(), cmd('reload_map')).effects;
    expect(all).toContainEqual({ type: 'reload_map' });
    expect(sent(all)).toHaveLength(2);
    const one = run(ready(), cmd('reload_map', { sn: 'A' })).effects;
    expect(one).not.toContainEqual({ type: 'reload_map' });
    expect(sent(one).map((e) => e.sn)).toEqual(['A']);
  });

  it('acks unknown commands and bad arguments with an error', () => {
    expect(ackOf(run(ready(), cmd('dance')).effects)).toMatchObject({ ok: false });
    expect(ackOf(run(ready(), cmd('lid', { open: 'wide' })).effects)).toMatchObject({ ok: false });
    expect(ackOf(run(ready(), cmd('goto', { point: 1 })).effects)).toMatchObject({ ok: false });
  });
});
