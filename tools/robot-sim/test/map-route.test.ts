import { trackMap } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { generateTrackMap } from '../src/map-gen.ts';
import { createRng, seedFrom } from '../src/rng.ts';
import { findRoute } from '../src/route.ts';

describe('generated track maps', () => {
  it('are valid maps with the planned points and a closed loop', () => {
    const map = generateTrackMap({ parking: 4, tables: 6 });
    expect(trackMap.safeParse(map).success).toBe(true);
    const count = (type: string) => map.points.filter((p) => p.type === type).length;
    expect([count('parking'), count('serving'), count('table')]).toEqual([4, 1, 6]);
    expect(map.paths).toHaveLength(map.points.length);
    expect(map.paths.at(-1)).toMatchObject({ to: 1, type: 'turn_right_close_loop' });
    expect(map.tables.pages[0].cells.filter(Boolean)).toEqual(['A1', 'B1', 'A2', 'B2', 'W3', 'A4', 'B4', 'A5', 'B5', 'W6']);
  });
});

describe('routes', () => {
  const map = generateTrackMap({ parking: 2, tables: 2 });
  it('follow the one-way loop', () => {
    expect(findRoute(map, 1, 4)).toEqual([2, 3, 4]);
    expect(findRoute(map, 4, 1)).toEqual([5, 6, 7, 8, 9, 1]);
    expect(findRoute(map, 3, 3)).toEqual([]);
  });

  it('use bidirectional paths both ways, fall back to any direction, and give null when unconnected', () => {
    const paths = [
      { from: 1, to: 2, type: 'bidirectional' as const },
      { from: 2, to: 3, type: 'straight_right' as const },
    ];
    expect(findRoute({ paths }, 2, 1)).toEqual([1]);
    expect(findRoute({ paths }, 3, 1)).toEqual([2, 1]);
    expect(findRoute({ paths }, 1, 9)).toBeNull();
  });
});

describe('seeded randomness', () => {
  it('repeats with the same seed and differs per name', () => {
    const a = createRng(42);
    const b = createRng(42);
    expect([a.next(), a.int(10), a.pick(['x', 'y', 'z'])]).toEqual([b.next(), b.int(10), b.pick(['x', 'y', 'z'])]);
    expect(seedFrom(1, 'SIM-0001')).not.toBe(seedFrom(1, 'SIM-0002'));
    const values = Array.from({ length: 1000 }, () => a.next());
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
  });
});
