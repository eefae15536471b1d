import type { MapTable } from '@railserve/protocol';
import type { LayoutPage } from '../model/layout-editing.ts';
import { type CellState, TableCell } from './table-cell.tsx';

type PageGridProps = {
  page: LayoutPage;
  tables: readonly MapTable[];
  /** The tables on a cell of any page of the layout. */
  placed: ReadonlySet<string | null>;
  duplicates: ReadonlySet<string>;
  editable: boolean;
  onCommit: (cell: number, name: string | null) => boolean;
  onSwap: (from: number, to: number) => void;
};

/** The page as the tablet shows it: rows x columns of table cells. */
export function PageGrid({ page, tables, placed, duplicates, editable, onCommit, onSwap }: PageGridProps) {
  const known = new Set(tables.map((t) => t.name));
  // Offer the tables that are on no cell of any page yet, in map order: a table is placed once.
  const options = tables.filter((t) => !placed.has(t.name)).map((t) => ({ value: t.name }));
  const stateOf = (name: string | null): CellState =>
    name === null ? 'ok' : duplicates.has(name) ? 'duplicate' : known.has(name) ? 'ok' : 'unknown';
  return (
    <div
      style={{ display: 'grid', gridTemplateColumns: `repeat(${page.columns}, minmax(96px, 1fr))`, gap: 8, overflowX: 'auto' }}
      data-testid="table-grid"
    >
      {page.cells.map((name, index) => (
        <TableCell
          // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its position in the grid
          key={index}
          index={index}
          value={name}
          state={stateOf(name)}
          options={options}
          editable={editable}
          onCommit={(next) => onCommit(index, next)}
          onDropCell={(from) => onSwap(from, index)}
        />
      ))}
    </div>
  );
}
