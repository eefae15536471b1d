/**
 * The alarm center's own part of a storm, without a fleet or a broker: N robots' `network_timeout`
 * on 50 tracks handed to the lifecycle at once (as the robots module's ingest hands it alerts), then cleared,
 * while the API is asked for the header's count and the storm's list every 20 ms. Prints how long
 * the lifecycle took to write every transition, and the API's latency meanwhile: what the storm's
 * writes cost the API on the single embedded connection. The event log's record of each alert is
 * written too, as the ingest does.
 *
 *   npx tsx bench/alarms/writes.ts [--robots 5000] [--db disk|memory|postgres] [--postgres-url URL]
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { LOCAL_POSTGRES_URL } from '../../apps/server/test/support/postgres.ts';
import { startBenchServer } from '../support/bench-server.ts';
import { machine, summary } from '../support/stats.ts';

const { values: args } = parseArgs({
  options: {
    robots: { type: 'string', default: '5000' },
    db: { type: 'string', default: 'disk' },
    'postgres-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? LOCAL_POSTGRES_URL },
  },
});
const robots = Number(args.robots);
const CODE = 'network_timeout';
if (!['disk', 'memory', 'postgres'].includes(String(args.db))) throw new Error('--db is disk, memory or postgres');
const database = args.db === 'postgres' ? { postgresUrl: args['postgres-url'] } : args.db === 'memory' ? 'memory' : 'disk';
const bench = await startBenchServer({ name: 'alarm_writes', database, listen: false });
const { server, headers } = bench;
const sns = Array.from({ length: robots }, (_, i) => `STORM-${String(i).padStart(5, '0')}`);

/** The API read every 20 ms until stopped: the header's count, then the storm's list. */
function pollApi() {
  const samples: number[] = [];
  let running = true;
  const urls = ['/api/v1/alarms/summary', `/api/v1/alarms?state=active&code=${CODE}`];
  const loop = (async () => {
    for (let i = 0; running; i++) {
      const started = performance.now();
      const res = await server.inject({ method: 'GET', url: urls[i % urls.length], headers });
      if (res.statusCode !== 200) throw new Error(`${urls[i % urls.length]}: ${res.statusCode}`);
      samples.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return summary(samples);
  };
}

async function phase(active: boolean) {
  const before = server.alarms.transitions;
  const stop = pollApi();
  await new Promise((r) => setTimeout(r, 200));
  const started = performance.now();
  const ts = new Date().toISOString();
  sns.forEach((sn, i) => {
    const trackId = (i % 50) + 1;
    const type = active ? 'alarm_raised' : 'alarm_cleared';
    server.eventLog.write({ source: 'robot', level: 'error', type, message: CODE, robotSn: sn, trackId, deviceTs: ts });
    server.alarms.alert({ sn, code: CODE, active, ts }, trackId);
  });
  await server.alarms.flush();
  const ms = performance.now() - started;
  await server.eventLog.flush();
  const logMs = performance.now() - started;
  const api = await stop();
  return { ms, logMs, api, written: server.alarms.transitions - before };
}

try {
  console.log(`machine: ${machine()}; load average ${os.loadavg()[0].toFixed(1)}`);
  const raise = await phase(true);
  const clear = await phase(false);
  console.log('| phase | transitions written | lifecycle done | event log done | API p50 / p95 / max (calls) |');
  console.log('|---|---|---|---|---|');
  for (const [name, p] of [
    ['raise', raise],
    ['clear', clear],
  ] as const)
    console.log(
      `| ${name} | ${p.written} | ${p.ms.toFixed(0)} ms | ${p.logMs.toFixed(0)} ms | ${p.api.median.toFixed(0)} / ${p.api.p95.toFixed(0)} / ${p.api.max.toFixed(0)} ms (${p.api.count}) |`,
    );
  console.log(`load average after ${os.loadavg()[0].toFixed(1)}`);
} finally {
  await server.close();
}
