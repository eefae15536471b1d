import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { vacuumAuditRecords } from '../../apps/server/src/modules/audit/repository.ts';
import { startBenchServer } from '../support/bench-server.ts';
import { machine, ms, summary } from '../support/stats.ts';

/**
 * Audit statistics and list latency over a large log: ROWS records (default 1 million) spread
 * over the 90-day retention window, 13 types, 50 users, 5% failed, vacuumed as the daily cleanup
 * leaves it; then each query through the API, RUNS times after one warm-up.
 *
 *   npx tsx bench/audit/stats-latency.ts        # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://... ROWS=1000000 npx tsx bench/audit/stats-latency.ts
 */
const ROWS = Number(process.env.ROWS ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 5);
const CHUNK = 100_000;

const { server, headers, database } = await startBenchServer({
  name: 'audit',
  database: process.env.BENCH_DATABASE_URL ? { postgresUrl: process.env.BENCH_DATABASE_URL } : 'memory',
  listen: false,
});

const loadStarted = performance.now();
for (let first = 1; first <= ROWS; first += CHUNK) {
  const last = Math.min(ROWS, first + CHUNK - 1);
  // Generated in the database: the figure is about reading, and this loads 1M rows in seconds.
  await server.db.execute(sql`
    insert into audit_records
      (time, type, username, target, description, ip, user_agent, result, duration_ms, affected_rows, request_data)
    select now() - random() * interval '90 days',
      (array['login','logout','create','update','delete','export','import','backup','restore',
             'system_config','user_management','data_query','system'])[1 + g % 13],
      'user_' || (g % 50),
      'users/' || (g % 1000),
      'Update users/' || (g % 1000) || ' (name' || g || ')',
      '10.0.' || (g % 200) || '.' || (g % 250),
      'Mozilla/5.0 (bench)',
      case when g % 20 = 0 then 'failed' when g % 97 = 0 then 'partial' else 'success' end,
      g % 50, 1,
      jsonb_build_object('body', jsonb_build_object('nickname', 'n' || g))
    from generate_series(${first}::int, ${last}::int) g`);
  process.stdout.write(`\r  loaded ${last} rows`);
}
const loadSeconds = (performance.now() - loadStarted) / 1000;
// The state the daily cleanup job leaves the table in (PGlite has no autovacuum).
await vacuumAuditRecords(server.db);
console.log(
  `\r  loaded ${ROWS} rows in ${loadSeconds.toFixed(1)} s (${Math.round(ROWS / loadSeconds)} rows/s, indexes in place)`,
);

const weekAgo = encodeURIComponent(new Date(Date.now() - 7 * 24 * 3600 * 1000).toISOString());
const queries: [string, string][] = [
  ['stats, whole log', '/api/v1/audit/stats?tz=Asia/Taipei'],
  ['stats, last 7 days', `/api/v1/audit/stats?tz=Asia/Taipei&from=${weekAgo}`],
  ['stats, type=login', '/api/v1/audit/stats?tz=Asia/Taipei&type=login'],
  ['list, first page (with total)', '/api/v1/audit?page=1&pageSize=20'],
  ['list, username=user_7', '/api/v1/audit?username=user_7'],
  ['list, free text q=name123456', '/api/v1/audit?q=name123456'],
];

console.log(`audit queries over ${ROWS} records (${database.kind}, ${RUNS} runs each after a warm-up, via inject)`);
console.log(`  machine: ${machine()}`);
for (const [label, url] of queries) {
  const samples: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const started = performance.now();
    const res = await server.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.body}`);
    if (run > 0) samples.push(performance.now() - started);
  }
  const { median } = summary(samples);
  console.log(`  ${label.padEnd(32)} median ${ms(median)}, max ${ms(Math.max(...samples))}`);
}
await server.close();
