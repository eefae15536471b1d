import { describe, expect, it } from 'vitest';
import { mapFixture } from '../../../testing/map-fixtures.ts';
import { autoConnect } from './auto-connect.ts';
import { findProblems } from './problems.ts';

const codes = (problems: { code: string }[]) => problems.map((p) => p.code);

describe('problems', () => {
  it('finds nothing wrong with a complete round trip', () => {
    const map = autoConnect(
      mapFixture([1, 2, 3], [], {
        1: { type: 'serving' },
        2: { type: 'table', tableType: 'left', leftName: 'A1' },
        3: { type: 'parking' },
      }),
      'single_round_trip',
    );
    expect(findProblems(map, { type: 'single_round_trip', robots: 1 })).toEqual([]);
  });

  it('names unnamed tables, doubled names, lonely points and the missing serving and parking points', () => {
    const map = mapFixture([1, 2, 3, 4], [{ from: 1, to: 2, type: 'bidirectional' }], {
      1: { type: 'table', tableType: 'both', leftName: 'A1' },
      2: { type: 'table', tableType: 'whole', wholeName: 'A1' },
    });
    const problems = findProblems(map, { type: 'single_round_trip', robots: 0 });
    expect(problems).toEqual([
      { code: 'table_without_name', points: [1] },
      { code: 'duplicate_table_name', points: [1, 2], values: { name: 'A1' } },
      { code: 'point_without_path', points: [3, 4] },
      { code: 'no_serving_point', points: [] },
      { code: 'no_parking_point', points: [] },
    ]);
  });

  it('says when a circular loop is open and when robots outnumber parking points', () => {
    const open = mapFixture(
      [1, 2, 3],
      [
        { from: 1, to: 2, type: 'straight_left' },
        { from: 2, to: 3, type: 'straight_left' },
      ],
      { 1: { type: 'serving' }, 3: { type: 'parking' } },
    );
    const problems = findProblems(open, { type: 'single_circular', robots: 2 });
    expect(problems.find((p) => p.code === 'loop_not_closed')?.points).toEqual([1, 3]);
    expect(problems.find((p) => p.code === 'parking_short')?.values).toEqual({ robots: 2, parking: 1 });
    expect(codes(findProblems(autoConnect(open, 'single_circular'), { type: 'single_circular', robots: 1 }))).toEqual([]);
  });
});
