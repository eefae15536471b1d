import { describe, expect, it } from 'vitest';
import { tableLayoutChanges } from './table-layout-diff.ts';

const page = (cells: (string | null)[], rows = 2, columns = 2, name?: string) => ({ name, rows, columns, cells });

describe('table layout changes', () => {
  it('names tables placed, removed and moved, with their row and column', () => {
    const before = { pages: [page(['A1', 'A2', null, 'B1'])] };
    const after = { pages: [page([null, 'A2', 'A1', 'C1'])] };
    expect(tableLayoutChanges(before, after)).toEqual([
      { kind: 'moved', page: 1, name: undefined, table: 'A1', from: { row: 1, column: 1 }, to: { row: 2, column: 1 } },
      { kind: 'placed', page: 1, name: undefined, table: 'C1', at: { row: 2, column: 2 } },
      { kind: 'removed', page: 1, name: undefined, table: 'B1' },
    ]);
  });

  it('names pages renamed and resized', () => {
    const before = { pages: [page(['A1', null, null, null], 2, 2, 'Hall'), page([null, null, null, null])] };
    const after = { pages: [page(['A1', null, null, null, null, null], 2, 3, 'Patio'), page(['Z9'], 1, 1)] };
    expect(tableLayoutChanges(before, after)).toEqual([
      { kind: 'pageRenamed', page: 1, name: 'Patio', from: 'Hall', to: 'Patio' },
      { kind: 'resized', page: 1, name: 'Patio', from: [2, 2], to: [2, 3] },
      { kind: 'resized', page: 2, name: undefined, from: [2, 2], to: [1, 1] },
      { kind: 'placed', page: 2, name: undefined, table: 'Z9', at: { row: 1, column: 1 } },
    ]);
  });

  it('treats a missing side as an empty layout and refuses values that are no layout', () => {
    expect(tableLayoutChanges(null, { pages: [page(['A1'], 1, 1)] })).toEqual([
      { kind: 'pageAdded', page: 1, name: undefined, rows: 1, columns: 1 },
      { kind: 'placed', page: 1, name: undefined, table: 'A1', at: { row: 1, column: 1 } },
    ]);
    expect(tableLayoutChanges({ pages: [page(['A1'], 1, 1)] }, { pages: [] })).toEqual([
      { kind: 'pageRemoved', page: 1, name: undefined },
    ]);
    expect(tableLayoutChanges({ pages: 'x' }, { pages: [] })).toBeUndefined();
    expect(tableLayoutChanges({ pages: [page(['A1'], 1, 1)] }, { pages: [page(['A1'], 1, 1)] })).toEqual([]);
  });
});
