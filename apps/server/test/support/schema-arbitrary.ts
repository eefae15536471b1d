import fc from 'fast-check';

/** The JSON Schema subset the routes' zod schemas turn into (via the OpenAPI document). */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
};

/** Values no schema should let through to the database: NUL, huge numbers, long text, wrong types. */
export const hostileValue = fc.constantFrom<unknown>(
  '\u0000',
  'a\u0000b',
  'x'.repeat(10_000),
  2 ** 31,
  2 ** 53 - 1,
  2 ** 53,
  -1,
  0,
  1e308,
  -0.5,
  '2147483648',
  '9007199254740993',
  '0x1',
  ' 1',
  '1\n',
  '01',
  '',
  null,
  true,
  [],
  {},
  [1, 2],
  { $gt: '' },
  "' OR 1=1 --",
  '../../etc/passwd',
  '\ud800',
  'Ω≈ç√∫˜µ≤≥÷',
  '9999-99-99T99:99:99Z',
  'US/Pacific-New',
  '25:61',
);

const text = (schema: JsonSchema) => {
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 10_000));
    } catch {
      // A pattern JavaScript cannot compile here: plain text instead.
    }
  }
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 300) });
};

/** Values of the schema's shape, with a hostile value in any place now and then. */
export function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: wellTyped(schema ?? {}, depth) }, { weight: 1, arbitrary: hostileValue });
}

function wellTyped(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const choices = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => wellTyped(choice, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return text(schema);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -(2 ** 31)),
        max: Math.min(schema.maximum ?? 1000, 2 ** 31 - 1),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(fromSchema(schema.items, depth + 1), {
            minLength: schema.minItems ?? 0,
            maxLength: Math.min(schema.maxItems ?? 5, 5),
          });
    case 'object':
      return objectOf(schema, depth);
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(schema: JsonSchema, depth: number) {
  if (depth > 3 || !schema.properties) return fc.constant({});
  const shape = Object.fromEntries(Object.entries(schema.properties).map(([key, inner]) => [key, fromSchema(inner, depth + 1)]));
  return fc.record(shape, { requiredKeys: schema.required?.filter((key) => key in shape) ?? [] });
}

/** A query or path value as text: what a URL can carry. */
export const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
