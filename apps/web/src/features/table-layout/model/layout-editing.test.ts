import { describe, expect, it } from 'vitest';
import { addPage, autoFill, clearPage, emptyPage, movePage, renamePage, resizePage, swapCells } from './layout-editing.ts';

const names = (n: number) => Array.from({ length: n }, (_, i) => `T${i + 1}`);

describe('auto fill', () => {
  it('numbers the map tables into the page row by row and adds pages as needed', () => {
    const filled = autoFill({ pages: [emptyPage(2, 3)] }, names(10));
    expect(filled.pages).toHaveLength(2);
    expect(filled.pages[0]).toEqual({ rows: 2, columns: 3, cells: ['T1', 'T2', 'T3', 'T4', 'T5', 'T6'] });
    expect(filled.pages[1]).toEqual({ rows: 2, columns: 3, cells: ['T7', 'T8', 'T9', 'T10', null, null] });
  });

  it('fills exactly two pages when the tables fit them, and empties pages it does not need', () => {
    const layout = { pages: [emptyPage(2, 2), { ...emptyPage(1, 2), name: 'Patio' }, emptyPage(1, 1)] };
    layout.pages[2].cells = ['old'];
    const filled = autoFill(layout, names(6));
    expect(filled.pages.map((p) => p.cells)).toEqual([['T1', 'T2', 'T3', 'T4'], ['T5', 'T6'], [null]]);
    expect(filled.pages[1].name).toBe('Patio');
  });

  it('keeps the pages before the starting page and does not place their tables again', () => {
    const layout = { pages: [{ rows: 1, columns: 2, cells: ['T2', null] }, emptyPage(1, 2)] };
    const filled = autoFill(layout, names(4), 1);
    expect(filled.pages[0].cells).toEqual(['T2', null]);
    expect(filled.pages[1].cells).toEqual(['T1', 'T3']);
    expect(filled.pages[2].cells).toEqual(['T4', null]);
  });

  it('starts a first page when there is none and stops at the page limit', () => {
    expect(autoFill({ pages: [] }, names(3)).pages[0].cells.slice(0, 4)).toEqual(['T1', 'T2', 'T3', null]);
    expect(autoFill({ pages: [emptyPage(1, 1)] }, names(80)).pages).toHaveLength(50);
  });
});

describe('page editing', () => {
  it('swaps the dragged cell with the target and clears a page', () => {
    const layout = { pages: [{ rows: 1, columns: 3, cells: ['A', null, 'C'] }] };
    expect(swapCells(layout, 0, 0, 1).pages[0].cells).toEqual([null, 'A', 'C']);
    expect(swapCells(layout, 0, 0, 2).pages[0].cells).toEqual(['C', null, 'A']);
    expect(clearPage(layout, 0).pages[0].cells).toEqual([null, null, null]);
  });

  it('keeps each table at its row and column when the grid changes size', () => {
    const page = { rows: 2, columns: 2, cells: ['A', 'B', 'C', 'D'] };
    expect(resizePage(page, 2, 3).cells).toEqual(['A', 'B', null, 'C', 'D', null]);
    expect(resizePage(page, 1, 1).cells).toEqual(['A']);
  });

  it('adds pages of the last size, renames and reorders them', () => {
    const layout = addPage({ pages: [emptyPage(3, 3)] });
    expect(layout.pages[1]).toEqual(emptyPage(3, 3));
    const named = renamePage(layout, 1, '  Terrace ');
    expect(named.pages[1].name).toBe('Terrace');
    expect(movePage(named, 1, 0).pages[0].name).toBe('Terrace');
    expect(renamePage(named, 1, ' ').pages[1]).not.toHaveProperty('name');
  });
});
