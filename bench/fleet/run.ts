// Fleet benchmark: N simulated robots at 1 Hz against the server (embedded broker, PGlite).
// Prints messages handled per second, the server's CPU and memory, and how long a status takes to
// reach GET /robots/{sn}. See bench/fleet/README.md. It prints figures; it is not a test.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { ask, startFleet } from '../support/children.ts';
import { machine } from '../support/stats.ts';
import { Histogram } from './histogram.ts';
import { probeStatusToApi } from './probe.ts';
import { cpuSeconds, rssMb } from './proc-stats.ts';

const { values } = parseArgs({
  options: {
    robots: { type: 'string', default: '100,1000,5000' },
    seconds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '15' },
    probes: { type: 'string', default: '100' },
    'connect-pause': { type: 'string', default: '0' },
  },
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type ServerStats = { stats: Record<string, number>; ingest: ReturnType<Histogram['summary']> };

async function measure(robots: number) {
  const { server, sim, ready, sns, connectSeconds, stop } = await startFleet(robots, Number(values['connect-pause']));
  await sleep(Number(values.warmup) * 1000);

  const pid = server.pid!;
  const before = {
    cpu: cpuSeconds(pid),
    simCpu: cpuSeconds(sim.pid!),
    at: Date.now(),
    stats: await ask<ServerStats>(server, { type: 'stats' }),
  };
  const rss: number[] = [];
  const sampler = setInterval(() => rss.push(rssMb(pid)), 1000);
  const delays = new Histogram();
  const windowEnds = Date.now() + Number(values.seconds) * 1000;
  let probes = 0;
  while (Date.now() < windowEnds) {
    if (probes < Number(values.probes)) {
      const sn = sns[Math.floor(Math.random() * sns.length)];
      const delay = await probeStatusToApi(sim, ready, sn, `probe-${probes++}`);
      if (delay !== undefined) delays.add(delay);
    }
    await sleep(Math.max(20, (Number(values.seconds) * 1000) / Number(values.probes) / 2));
  }
  clearInterval(sampler);
  const seconds = (Date.now() - before.at) / 1000;
  const after = { cpu: cpuSeconds(pid), simCpu: cpuSeconds(sim.pid!), stats: await ask<ServerStats>(server, { type: 'stats' }) };
  const delta = (key: string) => (after.stats.stats[key] - before.stats.stats[key]) / seconds;

  await stop();
  return {
    robots,
    connectSeconds,
    messagesPerSecond: delta('statuses') + delta('alerts'),
    statementsPerSecond: delta('writes'),
    rowsPerSecond: delta('rowsWritten'),
    serverCpuPercent: ((after.cpu - before.cpu) / seconds) * 100,
    simCpuPercent: ((after.simCpu - before.simCpu) / seconds) * 100,
    serverRssMb: Math.max(...rss),
    ingest: after.stats.ingest,
    apiDelay: delays.summary(),
    // The machine's 1-minute load average at the end of the window: other work on it shows here.
    loadAverage: os.loadavg()[0],
  };
}

const sizes = String(values.robots).split(',').map(Number);
console.log(`machine: ${machine()}`);
const results = [];
for (const robots of sizes) {
  console.log(`\n▶ ${robots} robots…`);
  const result = await measure(robots);
  results.push(result);
  console.log(JSON.stringify(result));
}

const f = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
console.log(
  '\n| robots | connect (s) | msgs/s handled | DB rows/s (statements/s) | server CPU | server RSS (MB) | sim CPU | status → memory p50 / p95 (ms) | status → GET /robots/{sn} p50 / p95 / max (ms) | load avg |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.robots} | ${f(r.connectSeconds, 1)} | ${f(r.messagesPerSecond)} | ${f(r.rowsPerSecond)} (${f(r.statementsPerSecond, 1)}) | ${f(r.serverCpuPercent)} % | ${f(r.serverRssMb)} | ${f(r.simCpuPercent)} % | ${f(r.ingest.p50)} / ${f(r.ingest.p95)} | ${f(r.apiDelay.p50)} / ${f(r.apiDelay.p95)} / ${f(r.apiDelay.max)} (${r.apiDelay.count} probes) | ${f(r.loadAverage, 1)} |`,
  );
}
process.exit(0);
