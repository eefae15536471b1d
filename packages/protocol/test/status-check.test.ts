import { describe, expect, it } from 'vitest';
import { CHECKED_STATUS_FIELDS, checkRobotStatus, robotStatusPayload } from '../src/index.ts';

const ts = '2026-01-01T12:00:00.000Z';
const full = {
  sn: 'R-001',
  connection: 'online',
  state: 'idle',
  battery: 87.5,
  trackId: 3,
  trackName: 'Hall',
  point: 12,
  target: -4,
  alarms: ['low_battery', 'x_future_code'],
  firmware: '1.2.3',
  ip: '10.0.0.8',
  name: 'Robot 1',
  ts,
};

/** Each field's values the schema accepts and refuses, edges included. */
const cases: Record<string, unknown[]> = {
  sn: ['A', 'a'.repeat(64), 'a'.repeat(65), '', 'R 1', 'R/1', 'Ünï', 3, null, ['R-1']],
  connection: ['online', 'offline', 'Online', '', null, 1],
  state: ['idle', 'wait_path', 'unknown', 'flying', '', null, 0],
  battery: [0, 100, 55.5, -0, -0.0001, 100.0001, '50', null, true, 1e308],
  trackId: [1, 2_147_483_647, 2_147_483_648, 0, -1, 1.5, '3', null],
  trackName: ['', 'x'.repeat(128), 'x'.repeat(129), '😀'.repeat(64), 5, null],
  point: [0, -5, 2 ** 53 - 1, 2 ** 53, 1.5, '1', null],
  target: [0, 7, -(2 ** 53), 0.1, null, []],
  alarms: [
    [],
    ['a'],
    ['A'],
    ['a b'],
    ['x'.repeat(64)],
    ['x'.repeat(65)],
    Array(64).fill('e'),
    Array(65).fill('e'),
    [1],
    'low',
    null,
    {},
  ],
  firmware: ['', 'f'.repeat(64), 'f'.repeat(65), 1, null],
  ip: ['::1', 'i'.repeat(65), false, null],
  name: ['Ö', 'n'.repeat(64), 'n'.repeat(65), {}, null],
  ts: [
    ts,
    '2026-01-01T12:00:00Z',
    '2026-01-01T12:00:00+08:00',
    '2024-02-29T00:00:00Z',
    '2026-02-29T00:00:00Z',
    '2026-01-01T12:00Z',
    '2026-01-01 12:00:00Z',
    '2026-01-01T12:00:00',
    '2026-13-01T12:00:00Z',
    '2026-01-01T24:00:00Z',
    '',
    1_767_268_800_000,
    null,
  ],
};

/** The fast check and the schema give the same answer: the same value when it answers, or it leaves the answer to the schema. */
function agrees(input: unknown) {
  const fast = checkRobotStatus(input);
  const schema = robotStatusPayload.safeParse(input);
  if (fast !== undefined) {
    expect(schema.success).toBe(true);
    // The same fields in the same order (a console feed built from either is the same text).
    expect(JSON.stringify(fast)).toBe(JSON.stringify(schema.data));
  }
  return { fast, schema };
}

describe('checkRobotStatus, the status fast path', () => {
  it('knows every field of the schema, in its order', () => {
    expect(Object.keys(robotStatusPayload.shape)).toEqual([...CHECKED_STATUS_FIELDS]);
  });

  it('answers a whole status and a last will as the schema does, by itself', () => {
    for (const status of [full, { sn: 'R-1', connection: 'offline', ts }, { sn: 'R-1', ts }]) {
      const { fast, schema } = agrees(status);
      expect(fast).toEqual(schema.data);
    }
  });

  it('leaves out unknown keys as the schema does, a prototype key included', () => {
    const input = JSON.parse(`{"sn":"R-1","ts":"${ts}","extra":1,"__proto__":{"battery":5},"constructor":"x"}`);
    const { fast } = agrees(input);
    expect(fast).toEqual({ sn: 'R-1', ts });
    expect(Object.keys(fast ?? {})).toEqual(['sn', 'ts']);
  });

  it('gives the same answer as the schema for every value of every field tried', () => {
    for (const [field, values] of Object.entries(cases)) {
      for (const value of values) {
        const { fast, schema } = agrees({ ...full, [field]: value });
        // Whatever the schema accepts, the fast path accepts too: it is never the slow way for a good status.
        expect([field, value, fast !== undefined]).toEqual([field, value, schema.success]);
      }
    }
  });

  it('leaves a text longer in UTF-16 units than its limit to the schema (which counts otherwise)', () => {
    for (const input of [
      { ...full, trackName: '😀'.repeat(65) },
      { ...full, name: '😀'.repeat(33) },
      { ...full, name: '😀'.repeat(65) },
    ]) {
      expect(agrees(input).fast).toBeUndefined();
    }
  });

  it('refuses what is not an object, as the schema does', () => {
    for (const input of [null, undefined, 'R-1', 5, [], [full], true]) {
      expect(agrees(input).fast).toBeUndefined();
      expect(robotStatusPayload.safeParse(input).success).toBe(false);
    }
  });

  it('copies the alarms: the answer shares no array with the input', () => {
    const input = { ...full, alarms: ['a'] };
    const fast = checkRobotStatus(input);
    input.alarms.push('b');
    expect(fast?.alarms).toEqual(['a']);
  });
});
