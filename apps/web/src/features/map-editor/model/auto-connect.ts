import type { MapPath, TrackType } from '@railserve/protocol';
import { type EditorMap, hasPath, joins } from './editor-map.ts';

/** Circular tracks run one way round; the path back to the first point closes the loop. */
export const isCircular = (type: TrackType) => type === 'single_circular' || type === 'multi_circular';

/**
 * Joins points in number order by the track type's rule: round trip (and elevator platform):
 * a bidirectional path between neighbours, out and back; circular: one-way paths from each
 * point to the next and a close-loop path from the last back to the first. Only the chosen
 * points when two or more are chosen, else all. Paths that already exist are kept, not doubled.
 */
export function autoConnect(map: EditorMap, trackType: TrackType, chosen: readonly number[] = []): EditorMap {
  const pool = chosen.length >= 2 ? new Set(chosen) : undefined;
  const order = map.points
    .map((p) => p.number)
    .filter((n) => !pool || pool.has(n))
    .sort((a, b) => a - b);
  if (order.length < 2) return map;
  const added: MapPath[] = [];
  const exists = (from: number, to: number, either: boolean) =>
    (either ? joins(map, from, to) : hasPath(map, from, to)) ||
    added.some((p) => (p.from === from && p.to === to) || (either && p.from === to && p.to === from));

  const circular = isCircular(trackType);
  for (let i = 0; i + 1 < order.length; i++) {
    const [from, to] = [order[i], order[i + 1]];
    if (!exists(from, to, !circular)) added.push({ from, to, type: circular ? 'straight_left' : 'bidirectional' });
  }
  if (circular && order.length >= 3) {
    const [last, first] = [order[order.length - 1], order[0]];
    if (!exists(last, first, false)) added.push({ from: last, to: first, type: 'turn_left_close_loop' });
  }
  return added.length ? { ...map, paths: [...map.paths, ...added] } : map;
}
