import { describe, expect, it } from 'vitest';
import { indexMap } from '../../src/modules/analytics/map-index.ts';
import { type ChangeRow, HOUR_MS, rollUpRobot, SPAN_CAP_MS } from '../../src/modules/analytics/rollup.ts';
import { ChangeTracker } from '../../src/modules/analytics/tracker.ts';

const H0 = Date.parse('2026-11-02T00:00:00Z');
const s = (seconds: number) => H0 + seconds * 1000;
// Points 1 (serving) - 2 - 3 (table "A1"/"A2"), 4 a charge point; 30 units apart, scale 2.
const map = indexMap({
  points: [
    { number: 1, x: 0, y: 0 },
    { number: 2, x: 30, y: 0 },
    { number: 3, x: 30, y: 40 },
    { number: 4, x: 0, y: 40, charge: true },
  ],
  paths: [
    { from: 1, to: 2 },
    { from: 2, to: 3 },
    { from: 4, to: 1 },
  ],
  background: { scale: 2 },
});
const maps = new Map([[7, map!]]);
const ctx = { from: H0, to: H0 + 2 * HOUR_MS, now: H0 + 10 * HOUR_MS, maps, downtimeAlarms: new Set(['imu_stuck']) };
const row = (at: number, state: string, point: number | null, extra: Partial<ChangeRow> = {}): ChangeRow => ({
  at,
  online: true,
  state,
  trackId: 7,
  point,
  target: null,
  alarms: [],
  ...extra,
});

describe('analytics roll-up of one robot', () => {
  it('counts a delivery, its time, dwell, distance and state time', () => {
    const rows = [
      row(s(0), 'goto', 1, { target: 3 }),
      row(s(20), 'goto', 2, { target: 3 }),
      row(s(40), 'arrive', 3, { target: 3 }),
      row(s(70), 'return', 3),
      row(s(100), 'idle', 1),
    ];
    const { hours, deliveries } = rollUpRobot(rows, ctx);
    expect(deliveries).toEqual([
      expect.objectContaining({ hour: H0, trackId: 7, target: 3, delivered: 1, deliveryMs: 40_000, dwellMs: 30_000, dwells: 1 }),
    ]);
    const [hour] = hours;
    // 1→2 is 30×2, 2→3 is 40×2, 3→1 back along the paths is 70×2.
    expect(hour.distance).toBe(60 + 80 + 140);
    expect(hour.ms.busy).toBe(100_000);
    // The last state lasts SPAN_CAP_MS, then the robot counts as silent.
    expect(hour.ms.idle).toBe(SPAN_CAP_MS);
    expect(hour.onlineMs).toBe(100_000 + SPAN_CAP_MS);
    expect(hour.availableMs).toBe(hour.onlineMs);
  });

  it('keeps aborted trips with their reason', () => {
    const rows = [
      row(s(0), 'goto', 1, { target: 3 }),
      row(s(10), 'goto', 1, { target: 2 }),
      row(s(20), 'alarm', 2, { alarms: ['imu_stuck'] }),
      row(s(30), 'goto', 2, { target: 3 }),
      row(s(40), 'goto', 2, { target: 3, online: false }),
      row(s(50), 'goto', 1, { target: 3 }),
      row(s(60), 'idle', 1),
    ];
    const { deliveries, hours } = rollUpRobot(rows, ctx);
    const byTarget = new Map(deliveries.map((d) => [d.target, d.aborted]));
    expect(byTarget.get(3)).toEqual({ new_target: 1, alarm: 0, offline: 1, other: 1 });
    expect(byTarget.get(2)).toEqual({ new_target: 0, alarm: 1, offline: 0, other: 0 });
    // Ten seconds in a downtime alarm; ten offline.
    expect(hours[0].onlineMs - hours[0].availableMs).toBe(10_000);
    expect(hours[0].onlineMs).toBe(50_000 + SPAN_CAP_MS);
  });

  it('adds no distance for a point missing from the saved map, and counts it', () => {
    const rows = [
      row(s(0), 'goto', 1, { target: 3 }),
      row(s(5), 'goto', 99, { target: 3 }),
      row(s(10), 'goto', 2, { target: 3 }),
    ];
    const [hour] = rollUpRobot(rows, ctx).hours;
    expect(hour.unknownPoints).toBe(1);
    expect(hour.distance).toBe(0);
  });

  it('splits time at hour boundaries and counts charging and its cycles', () => {
    const rows = [row(H0 + HOUR_MS - 30_000, 'idle', 4), row(H0 + HOUR_MS + 30_000, 'goto', 4, { target: 3 })];
    const { hours } = rollUpRobot(rows, ctx);
    expect(hours.map((h) => [h.hour, h.ms.charging, h.chargeCycles])).toEqual([
      [H0, 30_000, 1],
      [H0 + HOUR_MS, 30_000, 0],
    ]);
  });

  it('counts only what happens inside the range', () => {
    const rows = [row(H0 - 20_000, 'goto', 1, { target: 3 }), row(H0 + 10_000, 'arrive', 3, { target: 3 })];
    const { hours, deliveries } = rollUpRobot(rows, { ...ctx, from: H0 });
    expect(deliveries[0]).toMatchObject({ delivered: 1, deliveryMs: 30_000 });
    expect(hours[0].ms.busy).toBe(10_000 + SPAN_CAP_MS);
    expect(rollUpRobot(rows, { ...ctx, from: H0 + HOUR_MS }).deliveries).toEqual([]);
  });
});

describe('a roll-up resumed from its checkpoint', () => {
  it('counts what rolling up every row counts, wherever it stopped', () => {
    // Trips, dwells, a charge, an alarm, a silence and an offline row, across an hour boundary.
    const rows = [
      row(s(0), 'goto', 1, { target: 3 }),
      row(s(20), 'goto', 2, { target: 3 }),
      row(s(40), 'arrive', 3, { target: 3 }),
      row(s(70), 'return', 3),
      row(s(100), 'idle', 4),
      row(s(400), 'idle', 4),
      row(s(500), 'goto', 1, { target: 3 }),
      row(s(530), 'alarm', 2, { alarms: ['imu_stuck'] }),
      row(s(560), 'goto', 2, { target: 2 }),
      row(s(600), 'goto', 2, { target: 2, online: false }),
      row(s(3590), 'goto', 1, { target: 3 }),
      row(s(3620), 'arrive', 3, { target: 3 }),
      row(s(3700), 'idle', 1),
    ];
    const full = rollUpRobot(rows, ctx);
    for (let k = 1; k <= rows.length; k++) {
      const first = rollUpRobot(rows.slice(0, k), ctx);
      expect(first.checkpoint?.at).toBe(rows[k - 1].at);
      const resumed = rollUpRobot(rows.slice(k - 1), ctx, first.checkpoint);
      expect(resumed.hours, `stopped before row ${k - 1}`).toEqual(full.hours);
      expect(resumed.deliveries, `stopped before row ${k - 1}`).toEqual(full.deliveries);
    }
  });

  it('keeps no checkpoint at a row later than now', () => {
    expect(rollUpRobot([row(s(0), 'idle', 1), row(s(60), 'idle', 1)], { ...ctx, now: s(30) }).checkpoint).toBeUndefined();
  });
});

describe('the change tracker', () => {
  const status = (ts: number, extra: object = {}) => ({
    sn: 'R1',
    ts: new Date(ts).toISOString(),
    state: 'idle' as const,
    point: 1,
    ...extra,
  });

  it('writes a row on change and every keep-alive, and drops a duplicate', () => {
    const tracker = new ChangeTracker();
    const now = s(1000);
    expect(tracker.observe(status(s(0)), now)).toMatchObject({ sn: 'R1', state: 'idle', point: 1 });
    expect(tracker.observe(status(s(1)), now)).toBeUndefined();
    expect(tracker.observe(status(s(1)), now)).toBeUndefined();
    expect(tracker.observe(status(s(2), { point: 2 }), now)).toMatchObject({ point: 2 });
    expect(tracker.observe(status(s(62), { point: 2 }), now)).toMatchObject({ at: s(62) });
  });

  it('keeps a late status at its own time, and merges partial statuses', () => {
    const tracker = new ChangeTracker();
    const now = s(1000);
    tracker.observe(status(s(10), { trackId: 7 }), now);
    expect(tracker.observe(status(s(5), { state: 'goto', target: 3 }), now)).toMatchObject({
      at: s(5),
      state: 'goto',
      target: 3,
    });
    expect(tracker.observe({ sn: 'R1', connection: 'offline', ts: new Date(s(20)).toISOString() }, now)).toMatchObject({
      online: false,
      trackId: 7,
    });
  });
});
