import { describe, expect, it } from 'vitest';
import { mapFixture } from '../../../testing/map-fixtures.ts';
import { autoConnect } from './auto-connect.ts';

describe('auto connect', () => {
  it('joins a round trip out and back in number order', () => {
    const map = autoConnect(mapFixture([3, 1, 2]), 'single_round_trip');
    expect(map.paths).toEqual([
      { from: 1, to: 2, type: 'bidirectional' },
      { from: 2, to: 3, type: 'bidirectional' },
    ]);
  });

  it('closes a circular track into a loop', () => {
    const map = autoConnect(mapFixture([1, 2, 3]), 'multi_circular');
    expect(map.paths).toEqual([
      { from: 1, to: 2, type: 'straight_left' },
      { from: 2, to: 3, type: 'straight_left' },
      { from: 3, to: 1, type: 'turn_left_close_loop' },
    ]);
  });

  it('keeps existing paths and does not double them', () => {
    const start = mapFixture([1, 2, 3], [{ from: 2, to: 1, type: 'turn_right' }]);
    const map = autoConnect(start, 'single_round_trip');
    expect(map.paths).toEqual([
      { from: 2, to: 1, type: 'turn_right' },
      { from: 2, to: 3, type: 'bidirectional' },
    ]);
    expect(autoConnect(map, 'single_round_trip')).toBe(map);
  });

  it('joins only the chosen points when two or more are chosen', () => {
    const map = autoConnect(mapFixture([1, 2, 3, 4]), 'single_round_trip', [4, 2]);
    expect(map.paths).toEqual([{ from: 2, to: 4, type: 'bidirectional' }]);
  });
});
