import { describe, expect, it } from 'vitest';
import { thinSeries } from './thin-series.ts';

describe('thinSeries', () => {
  it('keeps a series that fits as it is', () => {
    const rows = [
      { t: 1, v: 0.5 },
      { t: 2, v: null },
    ];
    expect(thinSeries(rows, 2, ['v'])).toEqual(rows);
  });

  it('draws each group at its first point with the mean of its values, nulls left out', () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ t: i, v: i === 4 || i === 5 ? null : i, other: `x${i}` }));
    expect(thinSeries(rows, 3, ['v'])).toEqual([
      { t: 0, v: 1.5, other: 'x0' },
      { t: 4, v: 6.5, other: 'x4' },
      { t: 8, v: 8.5, other: 'x8' },
    ]);
  });

  it('gives null for a group with no value, and nothing for no rows', () => {
    expect(thinSeries([{ v: null }, { v: null }, { v: 1 }], 2, ['v'])).toEqual([{ v: null }, { v: 1 }]);
    expect(thinSeries([], 5, ['v' as never])).toEqual([]);
  });
});
