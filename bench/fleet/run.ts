// Fleet benchmark: N simulated robots at 1 Hz against the server (embedded broker and PGlite, or
// `--broker mosquitto`: Mosquitto of its own and PostgreSQL). Prints messages handled per second,
// the server's CPU (also per status) and memory, the robots' PUBACK times, and how long a status
// takes to reach GET /robots/{sn}. See bench/fleet/README.md. It prints figures; it is not a test.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { startCluster } from '../scale/cluster.ts';
import { ask, startFleet } from '../support/children.ts';
import { serverCore } from '../support/server-core.ts';
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
    'server-core': { type: 'boolean', default: false },
    broker: { type: 'string', default: 'embedded' },
  },
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (!['embedded', 'mosquitto'].includes(String(values.broker))) throw new Error('--broker is embedded or mosquitto');
const external = values.broker === 'mosquitto';

type ServerStats = { stats: Record<string, number>; ingest: ReturnType<Histogram['summary']> };

async function measure(robots: number) {
  const pause = Number(values['connect-pause']);
  const fleet = external ? await startCluster(robots, pause, 0, { instances: 1 }) : await startFleet(robots, pause);
  const { sim, ready, sns, connectSeconds, stop, brokerPid } = fleet;
  const server = fleet.servers[0];
  if (values['server-core']) serverCore(server, [sim], brokerPid ? [brokerPid] : []);
  await sleep(Number(values.warmup) * 1000);

  const pid = server.pid!;
  await ask(sim, { type: 'acks' });
  const before = {
    cpu: cpuSeconds(pid),
    simCpu: cpuSeconds(sim.pid!),
    brokerCpu: brokerPid ? cpuSeconds(brokerPid) : 0,
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
  const after = {
    cpu: cpuSeconds(pid),
    simCpu: cpuSeconds(sim.pid!),
    brokerCpu: brokerPid ? cpuSeconds(brokerPid) : 0,
    stats: await ask<ServerStats>(server, { type: 'stats' }),
    acks: (await ask<{ acks: ReturnType<Histogram['summary']> }>(sim, { type: 'acks' })).acks,
  };
  const delta = (key: string) => (after.stats.stats[key] - before.stats.stats[key]) / seconds;
  const messagesPerSecond = delta('statuses') + delta('alerts');

  await stop();
  return {
    robots,
    connectSeconds,
    broker: String(values.broker),
    serverCore: values['server-core'],
    messagesPerSecond,
    statementsPerSecond: delta('writes'),
    rowsPerSecond: delta('rowsWritten'),
    serverCpuPercent: ((after.cpu - before.cpu) / seconds) * 100,
    // The server's CPU time per status or alert it took in (µs).
    serverCpuPerMessageUs: ((after.cpu - before.cpu) / seconds / messagesPerSecond) * 1e6,
    brokerCpuPercent: brokerPid ? ((after.brokerCpu - before.brokerCpu) / seconds) * 100 : Number.NaN,
    simCpuPercent: ((after.simCpu - before.simCpu) / seconds) * 100,
    serverRssMb: Math.max(...rss),
    ingest: after.stats.ingest,
    // From each robot's QoS 1 publish to the broker's PUBACK, as the robots see it.
    puback: after.acks,
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
  '\n| robots | broker | connect (s) | msgs/s handled | DB rows/s (statements/s) | server CPU | server µs per status | server RSS (MB) | broker CPU | sim CPU | status → memory p50 / p95 (ms) | status → GET /robots/{sn} p50 / p95 / max (ms) | PUBACK p50 / p95 (ms) | load avg |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.robots} | ${r.broker}${r.serverCore ? ' (server on CPU 0)' : ''} | ${f(r.connectSeconds, 1)} | ${f(r.messagesPerSecond)} | ${f(r.rowsPerSecond)} (${f(r.statementsPerSecond, 1)}) | ${f(r.serverCpuPercent)} % | ${f(r.serverCpuPerMessageUs)} | ${f(r.serverRssMb)} | ${f(r.brokerCpuPercent)} % | ${f(r.simCpuPercent)} % | ${f(r.ingest.p50)} / ${f(r.ingest.p95)} | ${f(r.apiDelay.p50)} / ${f(r.apiDelay.p95)} / ${f(r.apiDelay.max)} (${r.apiDelay.count} probes) | ${f(r.puback.p50, 1)} / ${f(r.puback.p95, 1)} | ${f(r.loadAverage, 1)} |`,
  );
}
process.exit(0);
