import type { TrackMap } from '@railserve/protocol';

/**
 * The points a robot passes from `from` to `to` (excluding `from`), shortest by hop count.
 * Paths run from→to; `bidirectional` ones both ways. Real tracks are drawn with directions,
 * but a hand-drawn map may miss one: then we fall back to ignoring direction rather than
 * leaving the simulated robot stuck. Null when the points are not connected at all.
 */
export function findRoute(map: Pick<TrackMap, 'paths'>, from: number, to: number): number[] | null {
  if (from === to) return [];
  return search(map, from, to, false) ?? search(map, from, to, true);
}

function search(map: Pick<TrackMap, 'paths'>, from: number, to: number, anyDirection: boolean): number[] | null {
  const next = new Map<number, number[]>();
  const link = (a: number, b: number) => next.set(a, [...(next.get(a) ?? []), b]);
  for (const p of map.paths) {
    link(p.from, p.to);
    if (anyDirection || p.type === 'bidirectional') link(p.to, p.from);
  }
  const cameFrom = new Map<number, number>([[from, from]]);
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift() as number;
    if (at === to) break;
    for (const n of next.get(at) ?? []) {
      if (!cameFrom.has(n)) {
        cameFrom.set(n, at);
        queue.push(n);
      }
    }
  }
  if (!cameFrom.has(to)) return null;
  const route: number[] = [];
  for (let at = to; at !== from; at = cameFrom.get(at) as number) route.unshift(at);
  return route;
}
