import { type MapPoint, mapTables, type TrackType } from '@railserve/protocol';
import { isCircular } from './auto-connect.ts';
import type { EditorMap } from './editor-map.ts';

export type MapProblemCode =
  | 'table_without_name'
  | 'duplicate_table_name'
  | 'point_without_path'
  | 'loop_not_closed'
  | 'no_serving_point'
  | 'no_parking_point'
  | 'parking_short';

/** One inconsistency; `points` are the culprits the problems panel selects. */
export type MapProblem = { code: MapProblemCode; points: number[]; values?: Record<string, string | number> };

/** The names a table point's table type needs (both: left and right; whole: the whole name). */
export function requiredNames(point: Pick<MapPoint, 'type' | 'tableType'>): ('leftName' | 'rightName' | 'wholeName')[] {
  if (point.type !== 'table') return [];
  switch (point.tableType ?? 'both') {
    case 'left':
      return ['leftName'];
    case 'right':
      return ['rightName'];
    case 'whole':
      return ['wholeName'];
    default:
      return ['leftName', 'rightName'];
  }
}

/** Points a robot can reach from and leave to: with bidirectional paths both ways count. */
function degrees(map: EditorMap) {
  const into = new Map<number, number>();
  const out = new Map<number, number>();
  const bump = (m: Map<number, number>, n: number) => m.set(n, (m.get(n) ?? 0) + 1);
  for (const p of map.paths) {
    bump(out, p.from);
    bump(into, p.to);
    if (p.type === 'bidirectional') {
      bump(out, p.to);
      bump(into, p.from);
    }
  }
  return { into, out };
}

/**
 * What is inconsistent in a map for its track: unnamed or doubly named tables, points no path
 * reaches, a circular track whose loop does not close, no serving or parking (HOME) point, more
 * robots assigned than parking points.
 */
export function findProblems(map: EditorMap, track: { type: TrackType; robots: number }): MapProblem[] {
  const problems: MapProblem[] = [];
  const unnamed = map.points.filter((p) => requiredNames(p).some((field) => !p[field]?.trim())).map((p) => p.number);
  if (unnamed.length) problems.push({ code: 'table_without_name', points: unnamed });

  const seen = new Map<string, number>();
  for (const table of mapTables(map)) {
    const first = seen.get(table.name);
    if (first !== undefined) {
      problems.push({ code: 'duplicate_table_name', points: [first, table.point], values: { name: table.name } });
    } else seen.set(table.name, table.point);
  }

  const { into, out } = degrees(map);
  const lonely = map.points.filter((p) => !into.has(p.number) && !out.has(p.number)).map((p) => p.number);
  if (lonely.length) problems.push({ code: 'point_without_path', points: lonely });

  if (isCircular(track.type) && map.points.length >= 2) {
    const open = map.points.filter((p) => !into.has(p.number) || !out.has(p.number)).map((p) => p.number);
    if (open.length) problems.push({ code: 'loop_not_closed', points: open });
  }
  if (map.points.length && !map.points.some((p) => p.type === 'serving')) problems.push({ code: 'no_serving_point', points: [] });
  const parking = map.points.filter((p) => p.type === 'parking').length;
  if (map.points.length && parking === 0) problems.push({ code: 'no_parking_point', points: [] });
  else if (track.robots > parking) {
    problems.push({ code: 'parking_short', points: [], values: { robots: track.robots, parking } });
  }
  return problems;
}
