import { Ajv } from 'ajv';
import type { z } from 'zod';

/**
 * The same answer as `schema.safeParse`, cheaper for the payloads that pass: a validator compiled
 * once from the schema's own JSON Schema (ajv), with zod run only when it fails, for zod's
 * answer and its issues. The compiled check refuses an unknown key (zod would strip it), so a
 * pass means zod would answer the payload itself; strings are counted in UTF-16 units and
 * patterns matched without the `u` flag, as zod does. Only for schemas without transforms or
 * defaults (the log payload on the broker: docs/benchmarks.md, "Logs").
 */
export function precompiled<T extends z.ZodType>(schema: T) {
  const { $schema: _dialect, ...jsonSchema } = schema.toJSONSchema({ target: 'draft-07' }) as Record<string, unknown>;
  const check = new Ajv({ unicode: false, unicodeRegExp: false, validateFormats: false, strict: false, logger: false }).compile(
    jsonSchema,
  );
  return (data: unknown): z.ZodSafeParseResult<z.output<T>> =>
    check(data) ? { success: true, data: data as z.output<T> } : schema.safeParse(data);
}
