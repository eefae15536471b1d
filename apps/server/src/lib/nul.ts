/**
 * U+0000: PostgreSQL stores no NUL in text or jsonb, so a row holding one is refused, and with it
 * every row of the batch it was written in. Input is refused at the edge (plugins/input-guard.ts);
 * what is stored anyway (headers, device payloads, audit records) has it stripped.
 */
const NUL = '\u0000';

/** Whether a string, or any key or string inside an object or array, holds a NUL. Iterative: no depth limit. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes(NUL)) return true;
    } else if (Array.isArray(item)) {
      // One at a time: spreading a wide array (half a million items fit in a 1 MiB body) overflows the call stack.
      for (const inner of item) stack.push(inner);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes(NUL)) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

export function stripNulText(text: string): string;
export function stripNulText(text: string | null | undefined): string | null | undefined;
export function stripNulText(text: string | null | undefined) {
  return typeof text === 'string' && text.includes(NUL) ? text.replaceAll(NUL, '') : text;
}

/** A copy of `value` without NUL in any string or key (values as stored: plain JSON data and dates). */
export function stripNul<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return stripNulText(value) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date || depth > 64) return value;
  if (Array.isArray(value)) return value.map((item) => stripNul(item, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[stripNulText(key)] = stripNul(item, depth + 1);
  return out as T;
}
