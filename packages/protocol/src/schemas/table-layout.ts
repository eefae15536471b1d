import type { MapTable, TableLayout } from './track-map.ts';

/** Where a layout and its track's map disagree; the editor shows it, the server refuses the first two. */
export type TableLayoutIssues = {
  /** Table names placed in more than one cell. */
  duplicates: string[];
  /** Cell names that are no table point of the map. */
  unknown: string[];
  /** Tables of the map that are on no page. */
  unplaced: string[];
};

/** Checks a table layout against the tables of the track's map. */
export function tableLayoutIssues(layout: TableLayout, tables: readonly Pick<MapTable, 'name'>[]): TableLayoutIssues {
  const known = new Set(tables.map((t) => t.name));
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  const unknown = new Set<string>();
  for (const page of layout.pages) {
    for (const cell of page.cells) {
      if (cell === null) continue;
      if (seen.has(cell)) duplicates.add(cell);
      seen.add(cell);
      if (!known.has(cell)) unknown.add(cell);
    }
  }
  const unplaced = tables.map((t) => t.name).filter((name) => !seen.has(name));
  return { duplicates: [...duplicates], unknown: [...unknown], unplaced };
}
