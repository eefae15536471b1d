/**
 * Logs benchmark: broker ingest rate, typical filtered query latency, export rate and memory,
 * retention purge, at 1M or 10M records, on embedded PGlite or PostgreSQL. Prints figures; not a test.
 *
 *   npx tsx --expose-gc bench/logs/run.ts --rows 1000000 --db pglite
 *   npx tsx --expose-gc bench/logs/run.ts --rows 10000000 --db postgres --postgres-url postgres://postgres@127.0.0.1:5432/postgres
 *
 * Options: --ingest N (records published over the broker, default 100000), --runs N (per query,
 * default 20), --export-rows N (about this many newest records exported, default 1000000),
 * --explain (print query plans).
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { LOCAL_POSTGRES_URL } from '../../apps/server/test/support/postgres.ts';
import { startBenchServer } from '../support/bench-server.ts';
import { machine } from '../support/stats.ts';
import { explainQueries } from './explain.ts';
import { fillLogs, SPAN_DAYS } from './fill.ts';
import { measureExport } from './measure-export.ts';
import { measureIngest } from './measure-ingest.ts';
import { measureQueries, typicalQueries } from './measure-queries.ts';
import { purgeOldestDay } from './purge.ts';

// The server's search text, as its writer makes it; a server from before it existed has none (before/after runs).
const searchTextOf = await import('../../apps/server/src/modules/logs/search-text.ts').then(
  (m: { searchTextOf?: (message: string) => string | null }) => m.searchTextOf,
  () => undefined,
);

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    db: { type: 'string', default: 'pglite' },
    'postgres-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? LOCAL_POSTGRES_URL },
    ingest: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '20' },
    'export-rows': { type: 'string', default: '1000000' },
    explain: { type: 'boolean', default: false },
  },
});
const rows = Number(args.rows);
const db = args.db === 'postgres' ? 'postgres' : 'pglite';
const f0 = (n: number) => Math.round(n).toLocaleString('en-US');
const f1 = (n: number) => n.toFixed(1);

console.log(`# Logs benchmark: ${f0(rows)} records on ${db}`);
console.log(`machine: ${machine()}`);

// Exports are measured over real HTTP, so the stream's memory is the server's, not a buffered
// inject. The service's own daily retention would start removing the oldest generated records a
// minute in; the benchmark measures retention itself, on its own schedule.
const bench = await startBenchServer({
  name: 'logs',
  database: db === 'postgres' ? { postgresUrl: args['postgres-url'] } : 'disk',
  listen: true,
  config: { logRetentionDays: 3650 },
});
try {
  const ingestCount = Number(args.ingest);
  if (ingestCount > 0) {
    const empty = await measureIngest(bench, ingestCount);
    console.log(
      `ingest over the broker, empty table: ${f0(empty.perSecond)} records/s (${f0(ingestCount)} from ${empty.robots} robots in ${f1(empty.seconds)} s; publishing took ${f1(empty.publishSeconds)} s)`,
    );
  }

  const endAt = new Date();
  const fillSeconds = await fillLogs(
    bench.server.db,
    rows,
    endAt,
    (done, rate) => process.stdout.write(`\rfill: ${f0(done)} / ${f0(rows)} (${f0(rate)} rows/s)   `),
    searchTextOf,
  );
  console.log(
    `\nfill: ${f0(rows)} records generated in the database in ${f1(fillSeconds)} s (${f0(rows / fillSeconds)} rows/s, indexes in place)`,
  );

  // A table that grew over 90 days has been vacuumed along the way (autovacuum on PostgreSQL, the
  // retention job on PGlite): its pages are marked all-visible, so index-only scans skip them.
  const vacuumStarted = performance.now();
  await bench.database.pool.query('VACUUM (ANALYZE) logs');
  console.log(`VACUUM (ANALYZE) logs after the fill: ${f1((performance.now() - vacuumStarted) / 1000)} s`);

  if (ingestCount > 0) {
    const full = await measureIngest(bench, ingestCount);
    console.log(
      `ingest over the broker, ${f0(rows)} in the table: ${f0(full.perSecond)} records/s (${f0(ingestCount)} in ${f1(full.seconds)} s; publishing took ${f1(full.publishSeconds)} s)`,
    );
  }

  const cases = typicalQueries(endAt);
  if (args.explain) await explainQueries(bench, cases);
  console.log(`\nquery latency through the API (${args.runs} runs after a warm-up):`);
  console.log('| query | rows answered | total | median ms | p95 ms |');
  console.log('|---|---|---|---|---|');
  for (const r of await measureQueries(bench, cases, Number(args.runs))) {
    console.log(`| ${r.name} | ${f0(r.rows)} | ${r.total} | ${f1(r.median)} | ${f1(r.p95)} |`);
  }

  const exportRows = Math.min(rows, Number(args['export-rows']));
  const spanMs = (SPAN_DAYS * 86_400_000 * exportRows) / rows;
  const exportFilter = { from: new Date(endAt.getTime() - spanMs + 1).toISOString() };
  const { rows: counted } = await bench.database.pool.query<{ n: string }>('SELECT count(*) AS n FROM logs WHERE time >= $1', [
    exportFilter.from,
  ]);
  console.log(`\nexport of ${f0(Number(counted[0].n))} records (the newest), streamed over HTTP:`);
  console.log('| format | rows/s | seconds | MB | RSS base → peak MB | JS heap base → peak MB |');
  console.log('|---|---|---|---|---|---|');
  for (const format of ['csv', 'xlsx'] as const) {
    const e = await measureExport(bench, format, exportFilter, Number(counted[0].n));
    console.log(
      `| ${format} | ${f0(e.rowsPerSecond)} | ${f1(e.seconds)} | ${f1(e.megabytes)} | ${f0(e.rssBaseMb)} → ${f0(e.rssPeakMb)} | ${f0(e.heapBaseMb)} → ${f0(e.heapPeakMb)} |`,
    );
  }

  const purge = await purgeOldestDay(bench, endAt);
  console.log(
    `\nretention: removing the oldest day (${f0(purge.removed)} records) took ${f1(purge.seconds)} s (${f0(purge.removed / purge.seconds)} rows/s); VACUUM (ANALYZE) logs then took ${f1(purge.vacuumSeconds)} s`,
  );
} finally {
  const closing = performance.now();
  await bench.server.close();
  console.log(`closed in ${f1((performance.now() - closing) / 1000)} s`);
}
