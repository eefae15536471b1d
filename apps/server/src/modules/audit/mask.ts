/** Keys whose values never reach the audit log: passwords, tokens, secrets, keys, auth headers. */
export const SECRET_KEY = /password|token|secret|key|authorization/i;
export const MASK = '***';

/** Largest JSON text stored per data or value field; bigger values are kept as a marker. */
export const AUDIT_VALUE_MAX_CHARS = 128 * 1024;

/** A deep copy of `value` with every secret-named key's value replaced by '***'. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  // Deeper than any API body nests; the cut keeps a cyclic or hostile value from recursing forever.
  if (depth > 32) return MASK;
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, depth + 1));
  if (value instanceof Date) return value.toISOString();
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) && item !== null && item !== undefined && item !== '' ? MASK : maskSecrets(item, depth + 1);
  }
  return out;
}

/** Masks, then bounds the size so one huge map upload cannot bloat the log. */
export function auditValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  const masked = maskSecrets(value);
  const text = JSON.stringify(masked);
  if (text === undefined) return null;
  if (text.length <= AUDIT_VALUE_MAX_CHARS) return masked;
  return { truncated: true, chars: text.length, preview: text.slice(0, 2000) };
}
