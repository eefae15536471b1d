import { MAP_LIMITS, type TableLayout } from '@railserve/protocol';

export type LayoutPage = TableLayout['pages'][number];

export const DEFAULT_ROWS = 4;
export const DEFAULT_COLUMNS = 5;

export const emptyPage = (rows = DEFAULT_ROWS, columns = DEFAULT_COLUMNS): LayoutPage => ({
  rows,
  columns,
  cells: Array<string | null>(rows * columns).fill(null),
});

const replacePage = (layout: TableLayout, index: number, page: LayoutPage): TableLayout => ({
  pages: layout.pages.map((p, i) => (i === index ? page : p)),
});

export function addPage(layout: TableLayout): TableLayout {
  if (layout.pages.length >= MAP_LIMITS.pages) return layout;
  const last = layout.pages.at(-1);
  return { pages: [...layout.pages, emptyPage(last?.rows, last?.columns)] };
}

export const removePage = (layout: TableLayout, index: number): TableLayout => ({
  pages: layout.pages.filter((_, i) => i !== index),
});

export function renamePage(layout: TableLayout, index: number, name: string): TableLayout {
  const { name: _old, ...page } = layout.pages[index];
  const trimmed = name.trim().slice(0, MAP_LIMITS.nameMax);
  return replacePage(layout, index, trimmed ? { ...page, name: trimmed } : page);
}

/** Moves a page to another position (the tab order on the tablet). */
export function movePage(layout: TableLayout, from: number, to: number): TableLayout {
  if (to < 0 || to >= layout.pages.length || from === to) return layout;
  const pages = [...layout.pages];
  const [page] = pages.splice(from, 1);
  pages.splice(to, 0, page);
  return { pages };
}

/** New rows and columns; a table keeps its row and column when they still exist. */
export function resizePage(page: LayoutPage, rows: number, columns: number): LayoutPage {
  const cells = Array<string | null>(rows * columns).fill(null);
  for (let r = 0; r < Math.min(rows, page.rows); r++) {
    for (let c = 0; c < Math.min(columns, page.columns); c++) cells[r * columns + c] = page.cells[r * page.columns + c];
  }
  return { ...page, rows, columns, cells };
}

export function setCell(layout: TableLayout, pageIndex: number, cell: number, name: string | null): TableLayout {
  const page = layout.pages[pageIndex];
  const value = name?.trim() ? name.trim() : null;
  return replacePage(layout, pageIndex, { ...page, cells: page.cells.map((c, i) => (i === cell ? value : c)) });
}

/** Drag and drop: the dragged cell takes the target's place and the target's table (if any) takes its place. */
export function swapCells(layout: TableLayout, pageIndex: number, from: number, to: number): TableLayout {
  const page = layout.pages[pageIndex];
  const cells = [...page.cells];
  [cells[from], cells[to]] = [cells[to], cells[from]];
  return replacePage(layout, pageIndex, { ...page, cells });
}

export const clearPage = (layout: TableLayout, index: number): TableLayout =>
  replacePage(layout, index, { ...layout.pages[index], cells: layout.pages[index].cells.map(() => null) });

/**
 * Auto fill: the map's tables in their order, row by row, from the first cell of page `from`
 * on; when a page is full, the next page is used, and new pages of the same size are added as
 * needed (up to the page limit). Pages before `from` keep what they hold, and tables already
 * placed there are not placed again.
 */
export function autoFill(layout: TableLayout, tableNames: readonly string[], from = 0): TableLayout {
  const base = layout.pages.length ? layout.pages : [emptyPage()];
  const kept = base.slice(0, from);
  const placed = new Set(kept.flatMap((p) => p.cells).filter((c): c is string => c !== null));
  const queue = tableNames.filter((name) => !placed.has(name));
  const pages: LayoutPage[] = [...kept];
  const template = base[from] ?? base.at(-1)!;
  for (let i = from; queue.length > 0 || i < base.length; i++) {
    if (i >= MAP_LIMITS.pages) break;
    const page = base[i] ?? emptyPage(template.rows, template.columns);
    const cells = page.cells.map(() => queue.shift() ?? null);
    pages.push({ ...page, cells });
  }
  return { pages };
}
