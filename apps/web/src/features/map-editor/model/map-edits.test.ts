import { describe, expect, it } from 'vitest';
import { mapFixture } from '../../../testing/map-fixtures.ts';
import { addPath, addPoint, deleteSelection, movePoints, pointsInBox, reversePath, updatePoints } from './map-edits.ts';

describe('map edits', () => {
  it('places a point with the next free number and the schema defaults', () => {
    const { map, number } = addPoint(mapFixture([1, 5]), 10.4, 20.6);
    expect(number).toBe(6);
    expect(map.points[2]).toMatchObject({ number: 6, type: 'path', x: 10, y: 21, judgeType: 'read_point', charge: false });
  });

  it('adds a path once, never to itself or to a missing point', () => {
    const map = mapFixture([1, 2]);
    const one = addPath(map, { from: 1, to: 2, type: 'straight_left' });
    expect(one.paths).toHaveLength(1);
    expect(addPath(one, { from: 1, to: 2, type: 'turn_left' })).toBe(one);
    expect(addPath(one, { from: 1, to: 1, type: 'turn_left' })).toBe(one);
    expect(addPath(one, { from: 1, to: 9, type: 'turn_left' })).toBe(one);
    expect(addPath(one, { from: 2, to: 1, type: 'turn_left' }).paths).toHaveLength(2);
  });

  it('moves points and deletes points with their paths', () => {
    const map = mapFixture(
      [1, 2, 3],
      [
        { from: 1, to: 2, type: 'bidirectional' },
        { from: 2, to: 3, type: 'bidirectional' },
      ],
    );
    expect(movePoints(map, [2], 5, -5).points[1]).toMatchObject({ x: 205, y: -5 });
    const left = deleteSelection(map, { points: [2], paths: [] });
    expect(left.points.map((p) => p.number)).toEqual([1, 3]);
    expect(left.paths).toEqual([]);
    expect(deleteSelection(map, { points: [], paths: ['2>3'] }).paths).toEqual([{ from: 1, to: 2, type: 'bidirectional' }]);
  });

  it('renumbers one point and its paths, and sets a field on several points', () => {
    const map = mapFixture([1, 2], [{ from: 1, to: 2, type: 'bidirectional' }]);
    const renumbered = updatePoints(map, [2], { number: 7 });
    expect(renumbered.points[1].number).toBe(7);
    expect(renumbered.paths[0]).toMatchObject({ from: 1, to: 7 });
    const both = updatePoints(map, [1, 2], { charge: true, number: 9 });
    expect(both.points.map((p) => [p.number, p.charge])).toEqual([
      [1, true],
      [2, true],
    ]);
    const cleared = updatePoints(updatePoints(map, [1], { leftName: 'A' }), [1], { leftName: undefined });
    expect('leftName' in cleared.points[0]).toBe(false);
  });

  it('turns a path around unless the reverse exists, and finds points in a box', () => {
    const map = mapFixture([1, 2, 3], [{ from: 1, to: 2, type: 'straight_left' }]);
    expect(reversePath(map, '1>2').paths[0]).toMatchObject({ from: 2, to: 1 });
    const both = addPath(map, { from: 2, to: 1, type: 'straight_left' });
    expect(reversePath(both, '1>2')).toBe(both);
    expect(pointsInBox(map, { x: 250, y: 10 }, { x: 50, y: -10 })).toEqual([1, 2]);
  });
});
