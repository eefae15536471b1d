/**
 * A series cut to at most `max` points for drawing: consecutive points are grouped evenly, each
 * group drawn at its first point with the mean of each value in `keys` (null where every value is).
 * A chart a few hundred pixels wide shows no more, and hovering it redraws every point it holds.
 */
export function thinSeries<T extends object>(rows: readonly T[], max: number, keys: readonly (keyof T)[]): T[] {
  if (rows.length <= max) return [...rows];
  const size = Math.ceil(rows.length / max);
  const out: T[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const group = rows.slice(i, i + size);
    const row = { ...group[0] };
    for (const key of keys) {
      const values = group.map((r) => r[key]).filter((v): v is T[keyof T] & number => typeof v === 'number');
      row[key] = (values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : null) as T[keyof T];
    }
    out.push(row);
  }
  return out;
}
