import type { MapPath, MapPoint } from '@railserve/protocol';
import { type EditorMap, hasPath, newPoint, nextPointNumber, pathKey, type Selection } from './editor-map.ts';

/** Pure map edits: each answers a new map (or the same one when nothing changes). */

export function addPoint(map: EditorMap, x: number, y: number): { map: EditorMap; number: number } {
  const number = nextPointNumber(map);
  return { map: { ...map, points: [...map.points, newPoint(number, x, y)] }, number };
}

/** A path from one point to another; none to itself and no second one between the same ends. */
export function addPath(map: EditorMap, path: MapPath): EditorMap {
  if (path.from === path.to || hasPath(map, path.from, path.to)) return map;
  if (!map.points.some((p) => p.number === path.from) || !map.points.some((p) => p.number === path.to)) return map;
  return { ...map, paths: [...map.paths, path] };
}

export function movePoints(map: EditorMap, numbers: readonly number[], dx: number, dy: number): EditorMap {
  if (numbers.length === 0 || (dx === 0 && dy === 0)) return map;
  const moving = new Set(numbers);
  return {
    ...map,
    points: map.points.map((p) => (moving.has(p.number) ? { ...p, x: Math.round(p.x + dx), y: Math.round(p.y + dy) } : p)),
  };
}

/** Removes the selected points with every path touching them, and the selected paths. */
export function deleteSelection(map: EditorMap, selection: Selection): EditorMap {
  if (selection.points.length === 0 && selection.paths.length === 0) return map;
  const points = new Set(selection.points);
  const paths = new Set(selection.paths);
  return {
    ...map,
    points: map.points.filter((p) => !points.has(p.number)),
    paths: map.paths.filter((p) => !points.has(p.from) && !points.has(p.to) && !paths.has(pathKey(p))),
  };
}

/** Sets fields on the given points; a new number (one point only) carries its paths along. */
export function updatePoints(map: EditorMap, numbers: readonly number[], patch: Partial<MapPoint>): EditorMap {
  const chosen = new Set(numbers);
  const renumber = patch.number !== undefined && numbers.length === 1 ? { from: numbers[0], to: patch.number } : undefined;
  const { number: _number, ...shared } = patch;
  const points = map.points.map((p) => {
    if (!chosen.has(p.number)) return p;
    const next = { ...p, ...shared } as MapPoint;
    for (const [key, value] of Object.entries(shared)) if (value === undefined) delete next[key as keyof MapPoint];
    return renumber ? { ...next, number: renumber.to } : next;
  });
  if (!renumber || renumber.from === renumber.to) return { ...map, points };
  const moved = (n: number) => (n === renumber.from ? renumber.to : n);
  return { ...map, points, paths: map.paths.map((p) => ({ ...p, from: moved(p.from), to: moved(p.to) })) };
}

export function updatePaths(map: EditorMap, keys: readonly string[], patch: Pick<MapPath, 'type'>): EditorMap {
  const chosen = new Set(keys);
  return { ...map, paths: map.paths.map((p) => (chosen.has(pathKey(p)) ? { ...p, ...patch } : p)) };
}

/** Turns a path around (from and to swap); refused when the reverse path already exists. */
export function reversePath(map: EditorMap, key: string): EditorMap {
  const path = map.paths.find((p) => pathKey(p) === key);
  if (!path || hasPath(map, path.to, path.from)) return map;
  return { ...map, paths: map.paths.map((p) => (p === path ? { ...p, from: p.to, to: p.from } : p)) };
}

/** The points inside a rectangle (canvas coordinates, any corner order). */
export function pointsInBox(map: EditorMap, a: { x: number; y: number }, b: { x: number; y: number }): number[] {
  const [x1, x2] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
  const [y1, y2] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
  return map.points.filter((p) => p.x >= x1 && p.x <= x2 && p.y >= y1 && p.y <= y2).map((p) => p.number);
}
