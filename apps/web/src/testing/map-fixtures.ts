import type { MapPath, MapPoint } from '@railserve/protocol';
import { type EditorMap, newPoint } from '../features/map-editor/model/editor-map.ts';

/** A map of editor points at (number * 100, 0), with `patch` per number and the given paths. */
export function mapFixture(numbers: number[], paths: MapPath[] = [], patch: Record<number, Partial<MapPoint>> = {}): EditorMap {
  return {
    points: numbers.map((n) => ({ ...newPoint(n, n * 100, 0), ...patch[n] })),
    paths,
    tables: { pages: [] },
  };
}
