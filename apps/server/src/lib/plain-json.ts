/**
 * A route option that writes its answer with `JSON.stringify` instead of checking it against the
 * response schema first, for answers of thousands of records built field by field from the
 * database (the schema still documents them). The check costs 15-40 µs a log record: a page of
 * 1,600 records spent more time in it than in the database (docs/benchmarks.md, "Logs").
 */
export const plainJsonAnswer = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };
