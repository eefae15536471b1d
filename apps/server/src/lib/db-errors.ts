/** The SQLSTATE of a database error (node-postgres puts it on the error, Drizzle on its cause). */
export function sqlState(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  return [e.cause?.code, e.code].find((c): c is string => typeof c === 'string' && /^[0-9A-Z]{5}$/.test(c));
}

/**
 * SQLSTATE classes 21 (cardinality), 22 (data: a NUL, a value out of range) and 23 (integrity):
 * the database refused these rows, and retrying them cannot help, but the other rows of their
 * batch may be fine.
 */
export const isDataError = (error: unknown) => /^2[123]/.test(sqlState(error) ?? '');
