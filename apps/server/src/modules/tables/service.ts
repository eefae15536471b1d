import { mapTables, type TableLayout, tableLayoutIssues } from '@railserve/protocol';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

const EMPTY_LAYOUT: TableLayout = { pages: [] };

/** The track's table layout; an empty one while the track has no saved map. */
export async function getTableLayout(db: Database, trackId: number): Promise<TableLayout> {
  const map = await repo.findMapOfTrack(db, trackId);
  if (map === undefined) throw notFound('Track');
  return map?.tables ?? EMPTY_LAYOUT;
}

/**
 * Saves the layout after checking it against the track's map: every cell names a table point
 * of the map, and no table is placed twice (the spec's "duplicate table name").
 */
export async function saveTableLayout(db: Database, trackId: number, layout: TableLayout): Promise<TableLayout> {
  const map = await repo.findMapOfTrack(db, trackId);
  if (map === undefined) throw notFound('Track');
  if (map === null) throw conflict('map_not_saved', 'The track has no saved map to lay its tables out from');
  const issues = tableLayoutIssues(layout, mapTables(map));
  if (issues.duplicates.length) {
    throw badRequest('duplicate_table_name', `Duplicate table name: ${issues.duplicates.join(', ')}`, {
      names: issues.duplicates,
    });
  }
  if (issues.unknown.length) {
    throw badRequest('unknown_table', `Not a table of the map: ${issues.unknown.join(', ')}`, { names: issues.unknown });
  }
  if (!(await repo.updateTableLayout(db, trackId, layout))) throw conflict('map_not_saved', 'The map was removed meanwhile');
  return layout;
}
