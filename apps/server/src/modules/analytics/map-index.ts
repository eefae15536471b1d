/** What a roll-up needs of a track's saved map: its points, path lengths and charge points. */
export type MapIndex = {
  has(point: number): boolean;
  isCharge(point: number): boolean;
  /** The shortest length along the map's paths between two points, times the map's scale; undefined when unconnected. */
  distance(from: number, to: number): number | undefined;
};

type SavedMap = {
  points?: { number: number; x: number; y: number; charge?: boolean }[];
  paths?: { from: number; to: number }[];
  background?: { scale?: number };
};

/**
 * Indexes a saved map (protocol trackMap, as stored). Paths are taken both ways: a robot's
 * consecutive reported points are joined by the shortest route between them (docs/analytics.md).
 */
export function indexMap(map: unknown): MapIndex | undefined {
  const saved = map as SavedMap | null;
  if (!saved || !Array.isArray(saved.points)) return undefined;
  const scale = saved.background?.scale ?? 1;
  const points = new Map(saved.points.map((p) => [p.number, p]));
  const edges = new Map<number, { to: number; length: number }[]>();
  for (const path of saved.paths ?? []) {
    const a = points.get(path.from);
    const b = points.get(path.to);
    if (!a || !b) continue;
    const length = Math.hypot(a.x - b.x, a.y - b.y) * scale;
    for (const [from, to] of [
      [a.number, b.number],
      [b.number, a.number],
    ]) {
      const list = edges.get(from) ?? [];
      list.push({ to, length });
      edges.set(from, list);
    }
  }
  const cache = new Map<string, number | undefined>();
  return {
    has: (point) => points.has(point),
    isCharge: (point) => points.get(point)?.charge === true,
    distance(from, to) {
      const key = `${from}>${to}`;
      if (!cache.has(key)) cache.set(key, shortest(edges, from, to));
      return cache.get(key);
    },
  };
}

/** Dijkstra over at most MAP_LIMITS.points points; a plain scan for the nearest is enough at this size. */
function shortest(edges: Map<number, { to: number; length: number }[]>, from: number, to: number): number | undefined {
  if (from === to) return 0;
  const best = new Map<number, number>([[from, 0]]);
  const done = new Set<number>();
  for (;;) {
    let current: number | undefined;
    let currentLength = Number.POSITIVE_INFINITY;
    for (const [point, length] of best) {
      if (!done.has(point) && length < currentLength) {
        current = point;
        currentLength = length;
      }
    }
    if (current === undefined) return undefined;
    if (current === to) return currentLength;
    done.add(current);
    for (const edge of edges.get(current) ?? []) {
      const length = currentLength + edge.length;
      if (length < (best.get(edge.to) ?? Number.POSITIVE_INFINITY)) best.set(edge.to, length);
    }
  }
}
