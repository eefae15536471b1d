import type { MapPath, MapPoint, TrackMap } from '@railserve/protocol';
import { newPoint } from '../../apps/web/src/features/map-editor/model/editor-map.ts';

const POINT_TYPES = ['path', 'path', 'path', 'table', 'serving', 'parking'] as const;

/**
 * A map at the scale: `points` points on a grid 60 px apart, each joined to its right
 * and lower neighbours (about two paths per point), table points named uniquely.
 */
export function benchMap(points: number, paths: number, columns = 50): TrackMap {
  const list: MapPoint[] = Array.from({ length: points }, (_, i) => {
    const type = POINT_TYPES[i % POINT_TYPES.length];
    return {
      ...newPoint(i + 1, (i % columns) * 60, Math.floor(i / columns) * 60),
      type,
      ...(type === 'table' ? { tableType: 'left' as const, leftName: `T${i + 1}` } : {}),
    };
  });
  const out: MapPath[] = [];
  const kinds = ['straight_left', 'straight_right', 'bidirectional', 'turn_left', 'turn_right'] as const;
  for (let i = 0; i < points && out.length < paths; i++) {
    if ((i + 1) % columns !== 0 && i + 1 < points) out.push({ from: i + 1, to: i + 2, type: kinds[i % kinds.length] });
    if (i + columns < points && out.length < paths) out.push({ from: i + 1, to: i + 1 + columns, type: 'bidirectional' });
  }
  return { points: list, paths: out, tables: { pages: [] } };
}
