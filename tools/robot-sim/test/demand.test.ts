import { describe, expect, it } from 'vitest';
import { abortsOnTheWay, DAY_PROFILE, orderChance, pickTable } from '../src/demand.ts';
import { createRng } from '../src/rng.ts';

const HOUR = 3_600_000;
const at = (hour: number) => ({ hourOf: () => hour, rushMs: 0 });

describe('a restaurant day of orders', () => {
  it('is busiest at lunch and dinner, quiet in the afternoon and closed at night', () => {
    expect(orderChance(0, 0, at(12))).toBe(1);
    expect(orderChance(0, 0, at(19))).toBe(1);
    expect(orderChance(0, 0, at(15))).toBeLessThan(0.5);
    expect(orderChance(0, 0, at(3))).toBe(0);
    const peak = Math.max(...DAY_PROFILE);
    expect(DAY_PROFILE.indexOf(peak)).toBeGreaterThanOrEqual(11);
    expect(DAY_PROFILE.slice(11, 14).some((c) => c === peak) && DAY_PROFILE.slice(17, 21).some((c) => c === peak)).toBe(true);
  });

  it('runs at the peak during the start rush whatever the hour, then follows the day', () => {
    const night = { hourOf: () => 3, rushMs: 10 * 60_000 };
    expect(orderChance(5 * 60_000, 0, night)).toBe(1);
    expect(orderChance(HOUR, 0, night)).toBe(0);
  });

  it('sends orders to several tables, the first ones more often', () => {
    const rng = createRng(7);
    const tables = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'];
    const counts = new Map<string, number>();
    for (let i = 0; i < 6000; i++) {
      const t = pickTable(rng, tables);
      counts.set(t, (counts.get(t) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([...tables].sort());
    expect(counts.get('A1')!).toBeGreaterThan(counts.get('C2')! * 3);
  });

  it('aborts a few trips, not none and not most', () => {
    const rng = createRng(3);
    let aborted = 0;
    for (let i = 0; i < 2000; i++) if (abortsOnTheWay(rng, { abortShare: 0.05 })) aborted++;
    expect(aborted).toBeGreaterThan(40);
    expect(aborted).toBeLessThan(200);
    expect(abortsOnTheWay(rng, { abortShare: 0 })).toBe(false);
  });
});
