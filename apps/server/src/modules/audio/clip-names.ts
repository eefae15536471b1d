import { type AudioKind, isReservedAudioName, isSystemAudioName, type MapTable, type TableSide } from '@railserve/protocol';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';

/** The tables of the track's map a table clip can belong to, by name. */
export type TrackTables = ReadonlyMap<string, MapTable>;

export const tableSideOf = (table: MapTable): TableSide | null => (table.side === 'whole' ? null : table.side);

/**
 * Checks a clip's name for its kind and answers the table side it gets: a system clip is named
 * by one of the seven system names, a table clip by a table of the map (whose side it takes),
 * and a custom clip by anything else: never a table's name (the spec's rule) nor a system name in
 * any letter case. The name's characters were checked by the protocol's `audioName` already.
 */
export function resolveClipName(kind: AudioKind, name: string, tables: TrackTables, requestedSide?: TableSide) {
  if (kind === 'system') {
    if (!isSystemAudioName(name)) {
      throw new AppError(400, 'validation_failed', `Not a system audio name: ${name}`, [
        { path: ['name'], message: 'not_a_system_name' },
      ]);
    }
    return { tableSide: null };
  }
  if (kind === 'table') {
    const table = tables.get(name);
    if (!table) throw badRequest('not_a_table_name', `Not a table of the track's map: ${name}`);
    const tableSide = tableSideOf(table);
    if (requestedSide && requestedSide !== tableSide) {
      throw new AppError(400, 'validation_failed', `Table ${name} is not on the ${requestedSide} side`, [
        { path: ['tableSide'], message: 'table_side_mismatch' },
      ]);
    }
    return { tableSide };
  }
  if (tables.has(name)) throw conflict('audio_name_is_table', `Audio name must not equal a table name: ${name}`);
  if (isReservedAudioName(name)) throw badRequest('audio_name_reserved', `${name} is reserved for a system clip`);
  return { tableSide: null };
}
