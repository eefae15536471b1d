/** A page of a table layout as the audit record keeps it (protocol `tableLayoutPage`). */
type LayoutPage = { name?: string; rows: number; columns: number; cells: (string | null)[] };

/** Where a table sits on its page, counted from 1 as the editor shows it. */
export type Cell = { row: number; column: number };

/** One change of a table layout, per page (pages counted from 1). */
export type TableLayoutChange =
  | { kind: 'pageAdded'; page: number; name?: string; rows: number; columns: number }
  | { kind: 'pageRemoved'; page: number; name?: string }
  | { kind: 'pageRenamed'; page: number; name?: string; from?: string; to?: string }
  | { kind: 'resized'; page: number; name?: string; from: [number, number]; to: [number, number] }
  | { kind: 'placed'; page: number; name?: string; table: string; at: Cell }
  | { kind: 'removed'; page: number; name?: string; table: string }
  | { kind: 'moved'; page: number; name?: string; table: string; from: Cell; to: Cell };

const isPage = (value: unknown): value is LayoutPage =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as LayoutPage).rows === 'number' &&
  typeof (value as LayoutPage).columns === 'number' &&
  Array.isArray((value as LayoutPage).cells);

/** The pages of a recorded layout value (`{pages: [...]}`); undefined when it is not one. */
export function layoutPages(value: unknown): LayoutPage[] | undefined {
  if (value == null) return [];
  const pages = typeof value === 'object' ? (value as { pages?: unknown }).pages : undefined;
  if (pages === undefined) return [];
  return Array.isArray(pages) && pages.every(isPage) ? pages : undefined;
}

function positions(page: LayoutPage | undefined): Map<string, Cell> {
  const found = new Map<string, Cell>();
  if (!page) return found;
  page.cells.forEach((table, index) => {
    if (table && !found.has(table)) {
      found.set(table, { row: Math.floor(index / page.columns) + 1, column: (index % page.columns) + 1 });
    }
  });
  return found;
}

/**
 * A table layout's change as an operator reads it: pages added, removed, renamed or resized,
 * and tables placed, removed or moved on each page. Undefined when either side is not a layout
 * (the record then shows its values as they are).
 */
export function tableLayoutChanges(oldValue: unknown, newValue: unknown): TableLayoutChange[] | undefined {
  const before = layoutPages(oldValue);
  const after = layoutPages(newValue);
  if (!before || !after) return undefined;
  const changes: TableLayoutChange[] = [];
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const [was, now] = [before[i], after[i]];
    const page = i + 1;
    const name = (now ?? was)?.name || undefined;
    if (!was && now) changes.push({ kind: 'pageAdded', page, name, rows: now.rows, columns: now.columns });
    if (was && !now) {
      changes.push({ kind: 'pageRemoved', page, name });
      continue;
    }
    if (was && now && (was.name || '') !== (now.name || '')) {
      changes.push({ kind: 'pageRenamed', page, name, from: was.name || undefined, to: now.name || undefined });
    }
    if (was && now && (was.rows !== now.rows || was.columns !== now.columns)) {
      changes.push({ kind: 'resized', page, name, from: [was.rows, was.columns], to: [now.rows, now.columns] });
    }
    const [old, current] = [positions(was), positions(now)];
    for (const [table, at] of current) {
      const from = old.get(table);
      if (!from) changes.push({ kind: 'placed', page, name, table, at });
      else if (from.row !== at.row || from.column !== at.column) changes.push({ kind: 'moved', page, name, table, from, to: at });
    }
    for (const table of old.keys()) if (!current.has(table)) changes.push({ kind: 'removed', page, name, table });
  }
  return changes;
}
