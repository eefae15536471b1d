import { describe, expect, it } from 'vitest';
import { changeOf, formatDuration, heatStep, timeUnit } from './figures.ts';
import { granularityOf, periodRange } from './period.ts';

const now = new Date(2026, 10, 27, 15, 30);

describe('analytics periods', () => {
  it('runs from local midnight to local midnight', () => {
    expect(periodRange('today', now)).toEqual({ from: new Date(2026, 10, 27), to: new Date(2026, 10, 28) });
    expect(periodRange('yesterday', now)).toEqual({ from: new Date(2026, 10, 26), to: new Date(2026, 10, 27) });
    expect(periodRange('days7', now).from).toEqual(new Date(2026, 10, 21));
    expect(periodRange('days90', now).to).toEqual(new Date(2026, 10, 28));
    expect(periodRange('custom', now, [new Date(2026, 0, 5, 9), new Date(2026, 0, 6, 1)])).toEqual({
      from: new Date(2026, 0, 5),
      to: new Date(2026, 0, 7),
    });
  });

  it('uses hours for a day or two and days beyond', () => {
    expect(granularityOf(periodRange('yesterday', now))).toBe('hour');
    expect(granularityOf(periodRange('days7', now))).toBe('day');
  });
});

describe('analytics figures', () => {
  it('compares with the previous period', () => {
    expect(changeOf(15, 10)).toBe(0.5);
    expect(changeOf(0, 0)).toBe(0);
    expect(changeOf(3, 0)).toBeNull();
    expect(changeOf(null, 2)).toBeNull();
  });

  it('formats durations and heat steps', () => {
    expect(formatDuration(185_000)).toBe('3:05');
    expect(formatDuration(7_620_000)).toBe('2:07:00');
    expect(formatDuration(null)).toBe('–');
    expect([0, 1, 5, 10].map((v) => heatStep(v, 10))).toEqual([0, 1, 2, 4]);
    expect([timeUnit(600_000).name, timeUnit(4 * 3_600_000).name]).toEqual(['minutes', 'hours']);
  });
});
