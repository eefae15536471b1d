/**
 * The alarm list over a million alarms: every filter of `GET /api/v1/alarms`, alone and combined,
 * through the HTTP API (validation, SQL, the capped count, serialisation). Prints figures.
 *
 *   npx tsx bench/alarms/million.ts --db pglite [--rows 1000000] [--runs 20]
 *   npx tsx bench/alarms/million.ts --db postgres [--postgres-url postgres://postgres@127.0.0.1:5432/postgres]
 *   npx tsx bench/alarms/million.ts --database-url postgres://postgres@127.0.0.1:5432/alarms1m [--fill]
 *
 * `--database-url` keeps its alarms between runs (`--fill` empties and fills it once), so an index
 * change is measured without a new fill: the server migrates the database when it starts.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { measureQueries } from '../logs/measure-queries.ts';
import { startBenchServer } from '../support/bench-server.ts';
import { machine } from '../support/stats.ts';
import { fillAlarms } from './fill.ts';
import { alarmQueries } from './queries.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    'postgres-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    'database-url': { type: 'string' },
    fill: { type: 'boolean', default: false },
    rows: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '20' },
    only: { type: 'string', default: '' },
  },
});
const kept = args['database-url'];
const rows = Number(args.rows);
if (!Number.isInteger(rows) || rows < 10_000) throw new Error('--rows must be a whole number of at least 10000');

console.log(
  `machine: ${machine()}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const bench = await startBenchServer({
  name: 'alarms',
  database: kept ? { sharedUrl: kept } : args.db === 'postgres' ? { postgresUrl: args['postgres-url']! } : 'disk',
  listen: true,
  config: { logRetentionDays: 3650 },
});
const db = bench.server.db;
const first = <T>(result: unknown) => ((result as { rows: T[] }).rows ?? (result as T[]))[0];
try {
  const [{ id: adminId }] = (await db.execute(sql`SELECT id FROM users WHERE username = 'admin'`)).rows as { id: number }[];
  const existing = Number(first<{ n: string }>(await db.execute(sql`SELECT count(*) AS n FROM alarms`)).n);
  if (!kept || args.fill || existing === 0) {
    await db.execute(sql`TRUNCATE alarms CASCADE`);
    const seconds = await fillAlarms(db, rows, new Date(), [adminId], (done) => process.stdout.write(`\rfill: ${done}   `));
    console.log(`\nfill: ${rows.toLocaleString('en-US')} alarms in ${seconds.toFixed(1)} s`);
    const started = performance.now();
    await db.execute(sql`VACUUM (ANALYZE) alarms`);
    console.log(`VACUUM (ANALYZE) alarms: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const newest = first<{ t: string | Date }>(await db.execute(sql`SELECT max(raised_at) AS t FROM alarms`)).t;
  const n = Number(first<{ n: string }>(await db.execute(sql`SELECT count(*) AS n FROM alarms`)).n);
  console.log(`# Alarm list on ${n.toLocaleString('en-US')} alarms (${kept ? 'PostgreSQL, kept' : args.db})`);
  console.log('| query | rows answered | total | median ms | p95 ms |');
  console.log('|---|---|---|---|---|');
  const cases = alarmQueries(new Date(newest), adminId).filter((c) => c.name.includes(args.only ?? ''));
  for (const r of await measureQueries(bench, cases, Number(args.runs), '/api/v1/alarms')) {
    console.log(`| ${r.name} | ${r.rows} | ${r.total} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} |`);
  }
} finally {
  await bench.server.close();
}
