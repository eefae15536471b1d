/** One row of the old-versus-new comparison. */
export type ValueChange = { field: string; oldValue: unknown; newValue: unknown; changed: boolean };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Equality by value: JSON-shaped data, so key order is the only thing to disregard. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameValue(a[key], b[key]));
  }
  return false;
}

/**
 * Old and new values field by field, the changed fields first (each group in stored order; jsonb
 * does not keep the entity's own key order anyway). A create has no old values and a delete no
 * new ones: every field counts as changed. Values that are not objects compare as one field.
 */
export function diffValues(oldValues: unknown, newValues: unknown): ValueChange[] {
  if (oldValues == null && newValues == null) return [];
  if (!isRecord(oldValues) && !isRecord(newValues)) {
    return [{ field: '', oldValue: oldValues, newValue: newValues, changed: !sameValue(oldValues, newValues) }];
  }
  const before = isRecord(oldValues) ? oldValues : {};
  const after = isRecord(newValues) ? newValues : {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const rows = fields.map((field) => {
    const oldValue = field in before ? before[field] : undefined;
    const newValue = field in after ? after[field] : undefined;
    const changed = !isRecord(oldValues) || !isRecord(newValues) || !sameValue(oldValue, newValue);
    return { field, oldValue, newValue, changed };
  });
  return [...rows.filter((row) => row.changed), ...rows.filter((row) => !row.changed)];
}

/** A value as the comparison shows it: strings as they are, everything else as JSON. */
export function displayValue(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

/** Every calendar day from the first to the last bucket, zero where nothing happened (at most a year). */
export function fillDays(buckets: { key: string; count: number }[]): { key: string; count: number }[] {
  if (buckets.length < 2) return buckets;
  const counts = new Map(buckets.map((b) => [b.key, b.count]));
  const out: { key: string; count: number }[] = [];
  const last = Date.parse(`${buckets[buckets.length - 1].key}T00:00:00Z`);
  for (let day = Date.parse(`${buckets[0].key}T00:00:00Z`); day <= last && out.length < 366; day += 86_400_000) {
    const key = new Date(day).toISOString().slice(0, 10);
    out.push({ key, count: counts.get(key) ?? 0 });
  }
  return out;
}
