/**
 * A route option that writes its answer with `JSON.stringify` instead of checking it against the
 * response schema first, for answers of thousands of records built field by field from the
 * database (the schema still documents them): a page of 1,600 log records spent more time in the
 * check than in the database (docs/benchmarks.md, "Logs").
 */
export const plainJsonAnswer = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };
