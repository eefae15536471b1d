/**
 * Analytics benchmark: fills 90 days of rollups for 1,000 robots on 50 tracks (fill.ts), then
 * times every analytics request for the whole fleet over 90 days and for one track over 30 days,
 * through the server's routes (inject). Prints figures; not a test.
 *
 *   npx tsx bench/analytics/run.ts --db pglite
 *   npx tsx bench/analytics/run.ts --db postgres --postgres-url postgres://postgres@127.0.0.1:5432/postgres
 *
 * Options: --skip-fleet (one track only), --runs N (per request of one track, default 20, after one unmeasured), --fleet-runs N (per
 * request of the whole fleet, default 5), --cold-runs N (each request with the closed hours' cache emptied first, default 3),
 * --statements (each statement of one cold request, timed), --explain (plans of one track's queries).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { forgetHours } from '../../apps/server/src/modules/analytics/closed-hours-cache.ts';
import { LOCAL_POSTGRES_URL } from '../../apps/server/test/support/postgres.ts';
import { startBenchServer } from '../support/bench-server.ts';
import { machine, summary } from '../support/stats.ts';
import { fillAnalytics, ROBOTS, SPAN_DAYS, TRACKS } from './fill.ts';
import { watchStatements } from './statements.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    'postgres-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? LOCAL_POSTGRES_URL },
    runs: { type: 'string', default: '20' },
    'fleet-runs': { type: 'string', default: '5' },
    explain: { type: 'boolean', default: false },
    'skip-fleet': { type: 'boolean', default: false },
    'cold-runs': { type: 'string', default: '3' },
    statements: { type: 'boolean', default: false },
  },
});
const kind = args.db === 'postgres' ? 'postgres' : 'pglite';
const trackRuns = Number(args.runs);
const fleetRuns = Number(args['fleet-runs']);
const coldRuns = Number(args['cold-runs']);
const DAY = 86_400_000;
const load = () => os.loadavg()[0].toFixed(2);

console.log(`# Analytics benchmark: ${SPAN_DAYS} days, ${ROBOTS} robots on ${TRACKS} tracks, ${kind}`);
console.log(
  `machine: ${machine()}; load average at start ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const bench = await startBenchServer({
  name: 'analytics',
  database: kind === 'postgres' ? { postgresUrl: args['postgres-url'] } : 'disk',
  listen: false,
});
try {
  const endAt = new Date();
  const filled = await fillAnalytics(bench, endAt, (what, s) => console.log(`  fill: ${what} after ${s.toFixed(1)} s`));
  console.log(
    `filled in ${filled.seconds.toFixed(1)} s: ${filled.robotHours.toLocaleString('en-US')} robot-hours, ` +
      `${filled.deliveryHours.toLocaleString('en-US')} delivery rows, ${filled.rawRows.toLocaleString('en-US')} raw history rows (load ${load()})`,
  );
  const end = Math.floor(endAt.getTime() / 3_600_000) * 3_600_000;
  const range = (days: number) =>
    `from=${new Date(end - days * DAY).toISOString()}&to=${new Date(end).toISOString()}&tz=Asia/Taipei&granularity=day`;
  const cases = [
    { scope: `fleet, ${SPAN_DAYS} days`, query: range(SPAN_DAYS), goal: 300, runs: fleetRuns },
    { scope: 'one track, 30 days', query: `${range(30)}&trackId=${filled.trackIds[0]}`, goal: 50, runs: trackRuns },
  ];
  const requests = ['summary', 'deliveries', 'utilisation', 'availability'];
  console.log(
    '\n| request | scope | runs | cold p50 (ms) | cold max (ms) | p50 (ms) | p95 (ms) | max (ms) | goal p95 | load avg |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  // Cold: the closed hours' cache (PGlite) emptied before the call; `--statements` lists each statement of the first.
  const forgetAll = () => forgetHours(bench.database.db, { from: -Infinity, to: Infinity });
  const get = (url: string) => bench.server.inject({ method: 'GET', url, headers: bench.headers });
  const timeIt = async (url: string, runs = trackRuns) => {
    const cold: number[] = [];
    for (let i = 0; i < coldRuns; i++) {
      forgetAll();
      const watch = i === 0 && args.statements ? watchStatements() : undefined;
      const t0 = performance.now();
      const res = await get(url);
      cold.push(performance.now() - t0);
      watch?.print(url);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await get(url);
      samples.push(performance.now() - t0);
    }
    return { cold: summary(cold), ...summary(samples) };
  };
  for (const c of cases.filter((c) => !(args['skip-fleet'] && c.goal === 300))) {
    for (const request of [...requests, 'export?table=perTrack&format=xlsx&lang=zh-TW&']) {
      const url = request.startsWith('export')
        ? `/api/v1/analytics/${request}${c.query}`
        : `/api/v1/analytics/${request}?${c.query}`;
      const s = await timeIt(url, c.runs);
      const name = request.startsWith('export') ? 'export (per track, XLSX)' : request;
      const met = s.p95 <= c.goal ? 'met' : 'MISSED';
      console.log(
        `| ${name} | ${c.scope} | ${c.runs} | ${s.cold.median.toFixed(0)} | ${s.cold.max.toFixed(0)} | ${s.median.toFixed(0)} | ${s.p95.toFixed(0)} | ${s.max.toFixed(0)} | ≤ ${c.goal} ${met} | ${load()} |`,
      );
    }
  }
  const today = await timeIt('/api/v1/analytics/today?tz=Asia/Taipei');
  console.log(
    `| today (dashboard) | fleet, today | ${trackRuns} | ${today.cold.median.toFixed(0)} | ${today.cold.max.toFixed(0)} | ${today.median.toFixed(0)} | ${today.p95.toFixed(0)} | ${today.max.toFixed(0)} | – | ${load()} |`,
  );

  // A rebuild of the newest hour from the raw history the fill wrote.
  const t0 = performance.now();
  const rebuilt = await bench.server.inject({
    method: 'POST',
    url: '/api/v1/analytics/rebuild',
    headers: bench.headers,
    payload: { from: new Date(end - 3_600_000).toISOString(), to: new Date(end).toISOString() },
  });
  console.log(`\nrebuild of the newest hour: ${rebuilt.body} in ${(performance.now() - t0).toFixed(0)} ms (load ${load()})`);
  if (args.explain) {
    // The plans of one track's 30 days, read from the summaries (docs/analytics.md, "Summaries").
    const from = new Date(end - 30 * DAY).toISOString();
    const track = filled.trackIds[0];
    const queries = {
      robotHoursByTrack: sql`select track_id, sum(online_ms::float8) from analytics_track_hours
        where track_id = ${track} and hour >= ${from}::timestamptz group by track_id`,
      robotsByTrack: sql`select sn, track_id, sum(online_ms::float8) from analytics_robot_days
        where track_id = ${track} and day >= ${from}::timestamptz group by sn, track_id`,
      deliveriesByTable: sql`select track_id, target, sum(delivered) from analytics_target_days
        where track_id = ${track} and day >= ${from}::timestamptz group by track_id, target`,
    };
    for (const [name, query] of Object.entries(queries)) {
      console.log(`\n${name}:`);
      const plan = await bench.database.db.execute(sql`EXPLAIN ANALYZE ${query}`);
      for (const row of plan.rows) console.log(`  ${Object.values(row)[0]}`);
    }
  }
} finally {
  await bench.server.close();
}
process.exit(0);
