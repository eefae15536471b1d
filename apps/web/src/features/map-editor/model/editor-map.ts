import type { MapPath, MapPoint, TrackMap } from '@railserve/protocol';

/** The map the editor works on: the protocol's map with every default filled in. */
export type EditorMap = TrackMap;

/** A path is known by its ends; at most one path runs from one point to another. */
export const pathKey = (path: Pick<MapPath, 'from' | 'to'>) => `${path.from}>${path.to}`;

export type Selection = { points: readonly number[]; paths: readonly string[] };
export const emptySelection: Selection = { points: [], paths: [] };
export const isEmptySelection = (s: Selection) => s.points.length === 0 && s.paths.length === 0;

export const emptyMap = (): EditorMap => ({ points: [], paths: [], tables: { pages: [] } });

/** A new point's switches: what the protocol schema defaults to. */
export function newPoint(number: number, x: number, y: number): MapPoint {
  return {
    number,
    type: 'path',
    markDirection: 'left_right',
    judgeType: 'read_point',
    readDistance: 0,
    cannotWait: false,
    charge: false,
    reverse: false,
    pickupPlatform: false,
    x: Math.round(x),
    y: Math.round(y),
  };
}

/** The smallest number above every existing one (point numbers are what robots read from tags). */
export function nextPointNumber(map: EditorMap): number {
  let max = 0;
  for (const p of map.points) max = Math.max(max, p.number);
  return max + 1;
}

export const hasPath = (map: EditorMap, from: number, to: number) => map.paths.some((p) => p.from === from && p.to === to);

/** Paths that join two points in either direction. */
export const joins = (map: EditorMap, a: number, b: number) =>
  map.paths.some((p) => (p.from === a && p.to === b) || (p.from === b && p.to === a));
