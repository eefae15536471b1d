/**
 * The query part of the logs benchmark on a PostgreSQL database that keeps its records between
 * runs, so that a change to a query or an index is measured without a new 10M fill each time.
 *
 *   npx tsx bench/logs/keep.ts --database-url postgres://postgres@127.0.0.1:5432/logs10m --fill 10000000
 *   npx tsx bench/logs/keep.ts --database-url postgres://postgres@127.0.0.1:5432/logs10m [--runs 20] [--only "free text"] [--explain]
 *
 * `--fill N` first empties the table and generates N records as run.ts does, then vacuums. The
 * server migrates the database when it starts, so new indexes are built on the kept records.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startBenchServer } from '../support/bench-server.ts';
import { machine } from '../support/stats.ts';
import { explainQueries } from './explain.ts';
import { fillLogs } from './fill.ts';
import { measureQueries, typicalQueries } from './measure-queries.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    fill: { type: 'string', default: '0' },
    runs: { type: 'string', default: '20' },
    only: { type: 'string', default: '' },
    explain: { type: 'boolean', default: false },
  },
});
if (!args['database-url']) throw new Error('--database-url is required (a database of its own: --fill empties its logs)');

console.log(`machine: ${machine()}`);
const bench = await startBenchServer({
  name: 'logs-kept',
  database: { sharedUrl: args['database-url'] },
  listen: true,
  config: { logRetentionDays: 3650 },
});
try {
  const fill = Number(args.fill);
  if (fill > 0) {
    const { searchTextOf } = await import('../../apps/server/src/modules/logs/search-text.ts');
    await bench.database.pool.query('TRUNCATE logs');
    const seconds = await fillLogs(
      bench.server.db,
      fill,
      new Date(),
      (done) => process.stdout.write(`\rfill: ${done}   `),
      searchTextOf,
    );
    console.log(`\nfill: ${fill} records in ${seconds.toFixed(1)} s`);
    const started = performance.now();
    await bench.database.pool.query('VACUUM (ANALYZE) logs');
    console.log(`VACUUM (ANALYZE) logs: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const { rows } = await bench.database.pool.query<{ n: string; newest: Date }>(
    'SELECT count(*) AS n, max(time) AS newest FROM logs',
  );
  console.log(`# Logs queries on ${Number(rows[0].n).toLocaleString('en-US')} kept records`);
  const cases = typicalQueries(rows[0].newest).filter((c) => c.name.includes(args.only ?? ''));
  if (args.explain) await explainQueries(bench, cases);
  console.log('| query | rows answered | total | median ms | p95 ms |');
  console.log('|---|---|---|---|---|');
  for (const r of await measureQueries(bench, cases, Number(args.runs))) {
    console.log(`| ${r.name} | ${r.rows} | ${r.total} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} |`);
  }
} finally {
  await bench.server.close();
}
