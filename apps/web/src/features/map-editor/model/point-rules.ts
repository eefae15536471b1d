import { MAP_LIMITS, type MapPoint, mapTables } from '@railserve/protocol';
import type { EditorMap } from './editor-map.ts';
import { requiredNames } from './problems.ts';

/** A field's error as a locale key of the map-editor area (`fieldErrors.*`). */
export type PointFieldErrors = Partial<Record<keyof MapPoint, string>>;

const NAME_FIELDS = ['leftName', 'rightName', 'wholeName'] as const;

/** Checks edited points as the user types: the names the table type needs, no table name used twice on the map. */
export function checkPoints(map: EditorMap, numbers: readonly number[]): PointFieldErrors {
  const errors: PointFieldErrors = {};
  const chosen = new Set(numbers);
  const points = map.points.filter((p) => chosen.has(p.number));
  const names = mapTables(map).map((t) => t.name);
  for (const point of points) {
    for (const field of requiredNames(point)) if (!point[field]?.trim()) errors[field] ??= 'fieldErrors.nameRequired';
    for (const field of NAME_FIELDS) {
      const name = point[field];
      if (!name) continue;
      if (name.length > MAP_LIMITS.nameMax) errors[field] = 'fieldErrors.nameTooLong';
      else if (names.filter((other) => other === name).length > 1) errors[field] = 'fieldErrors.duplicateTableName';
    }
  }
  return errors;
}

/**
 * Why a number typed for point `self` cannot go into the map (the field shows it and the map
 * keeps the old number), or undefined when it can.
 */
export function numberError(map: EditorMap, self: number, value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return 'fieldErrors.required';
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 65_535) return 'fieldErrors.numberRange';
  if (value !== self && map.points.some((p) => p.number === value)) return 'fieldErrors.numberTaken';
  return undefined;
}
