/**
 * A log burst beside a live fleet: the server in a process of its own (bench/fleet/server-child.ts),
 * N simulated robots publishing their status at 1 Hz, then `--records` log records published by
 * 20 more robots as fast as the broker takes them (QoS 1). Prints records per second persisted,
 * whether every record sent is a row (zero loss), the server's CPU, and status → GET /robots/{sn}
 * before and during the burst. It prints figures; it is not a test.
 *
 *   node --import tsx bench/logs/burst.ts --mode embedded --records 200000 --robots 1000 --server-core
 *   node --import tsx bench/logs/burst.ts --mode cluster --records 300000 --robots 1000 --server-core
 *
 * `embedded`: the embedded broker and PGlite on disk. `cluster`: Mosquitto with the shipped dynamic
 * security setup and a fresh PostgreSQL database, `--instances` server instances (1 by default).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { Histogram } from '../fleet/histogram.ts';
import { probeStatusToApi } from '../fleet/probe.ts';
import { cpuSeconds } from '../fleet/proc-stats.ts';
import { startCluster } from '../scale/cluster.ts';
import { pinProcesses } from '../scale/process-cpu.ts';
import { ask, startFleet } from '../support/children.ts';
import { machine } from '../support/stats.ts';

const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'embedded' },
    records: { type: 'string', default: '200000' },
    robots: { type: 'string', default: '1000' },
    publishers: { type: 'string', default: '20' },
    window: { type: 'string', default: '50' },
    instances: { type: 'string', default: '1' },
    quiet: { type: 'string', default: '10' },
    'connect-pause': { type: 'string', default: '1000' },
    'server-core': { type: 'boolean', default: false },
  },
});
const records = Number(values.records);
const publishers = Number(values.publishers);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const f0 = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-');
// publishers.mjs signs in as PUB-001…; Mosquitto needs their accounts.
const publisherSns = Array.from({ length: publishers }, (_, i) => `PUB-${String(i + 1).padStart(3, '0')}`);

console.log(`# Log burst: ${f0(records)} records beside ${values.robots} robots, ${values.mode}`);
console.log(`machine: ${machine()}`);
const fleet =
  values.mode === 'cluster'
    ? await startCluster(Number(values.robots), Number(values['connect-pause']), 0, {
        instances: Number(values.instances),
        accounts: publisherSns,
      })
    : await startFleet(Number(values.robots), Number(values['connect-pause']));

try {
  if (values['server-core']) {
    if (os.cpus().length < 2) throw new Error('--server-core needs a machine with two CPUs or more');
    pinProcesses(
      fleet.servers.map((s) => s.pid!),
      '0',
    );
    pinProcesses([process.pid, fleet.sim.pid!], `1-${os.cpus().length - 1}`);
    console.log(
      'server instance(s) on CPU 0; the bench, its publishers and the robots on the others (broker and database unpinned)',
    );
  }
  // `rows` counts the publishers' rows in the database: a scan, so only asked for before and after the burst.
  const logs = async (rows = true) => {
    const answers = await Promise.all(
      fleet.servers.map((s, i) =>
        ask<{ stats: { written: number; dropped: number; refused: number }; pending: number; rows?: number }>(s, {
          type: 'logs',
          robotSnLike: rows && i === 0 ? 'PUB-%' : undefined,
        }),
      ),
    );
    const sum = (key: 'written' | 'dropped' | 'refused') => answers.reduce((n, a) => n + a.stats[key], 0);
    const pending = answers.reduce((n, a) => n + a.pending, 0);
    return { written: sum('written'), dropped: sum('dropped'), refused: sum('refused'), pending, rows: answers[0].rows ?? 0 };
  };

  // Status → API probes, one at a time, until stopped.
  const probing = (delays: Histogram) => {
    let running = true;
    let n = 0;
    const loop = (async () => {
      while (running) {
        const sn = fleet.sns[Math.floor(Math.random() * fleet.sns.length)];
        const delay = await probeStatusToApi(fleet.sim, fleet.ready, sn, `probe-${Date.now()}-${n++}`);
        if (delay !== undefined) delays.add(delay);
        await sleep(100);
      }
    })();
    return async () => {
      running = false;
      await loop;
    };
  };

  await sleep(5000);
  const quiet = new Histogram();
  const stopQuiet = probing(quiet);
  await sleep(Number(values.quiet) * 1000);
  await stopQuiet();

  // Status → memory (the server's live state) during the burst only, as the first instance saw it: asking resets it.
  type Ingest = { ingest: ReturnType<Histogram['summary']> };
  const ingest = () => Promise.all(fleet.servers.map((s) => ask<Ingest>(s, { type: 'stats' })));
  await ingest();
  const before = await logs();
  const cpuBefore = fleet.servers.map((s) => cpuSeconds(s.pid!));
  const loadBefore = os.loadavg()[0];
  const started = performance.now();
  const worker = new Worker(new URL('./publishers.mjs', import.meta.url), {
    workerData: {
      url: fleet.brokerUrl,
      deviceKey: fleet.ready.deviceKey,
      robots: publishers,
      messages: records,
      window: Number(values.window),
    },
  });
  const published = new Promise<{ published: number; seconds: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const during = new Histogram();
  const stopDuring = probing(during);
  // Until as many records as were sent are written and none waits in a writer's queue (the fleet's
  // own records count too, so the queue decides), or nothing more was written for 30 s (then the rest was lost).
  let now = before;
  let progressAt = performance.now();
  while ((now.written - before.written < records || now.pending > 0) && performance.now() - progressAt < 30_000) {
    await sleep(100);
    const last = now.written;
    now = await logs(false);
    if (now.written > last) progressAt = performance.now();
  }
  const stalled = now.written - before.written < records;
  if (stalled) console.log(`no record written for 30 s after ${f0(now.written - before.written)}: the rest counts as lost`);
  const elapsed = (performance.now() - started) / 1000;
  const toMemory = (await ingest())[0].ingest;
  const cpu = fleet.servers.map((s, i) => ((cpuSeconds(s.pid!) - cpuBefore[i]) / elapsed) * 100);
  const seconds = ((stalled ? progressAt : performance.now()) - started) / 1000;
  const loadAfter = os.loadavg()[0];
  await stopDuring();
  const publish = await published;
  await worker.terminate();
  // Zero loss: every record sent is a row (a late one is waited for a few seconds).
  let final = await logs();
  for (let waited = 0; final.rows < records && waited < (stalled ? 0 : 10); waited++) {
    await sleep(1000);
    final = await logs();
  }
  const q = quiet.summary();
  const d = during.summary();
  const result = {
    mode: values.mode,
    robots: Number(values.robots),
    serverCore: values['server-core'],
    records,
    perSecond: final.rows / seconds,
    seconds,
    publishSeconds: publish.seconds,
    rows: final.rows,
    lost: records - final.rows,
    dropped: final.dropped - before.dropped,
    refused: final.refused - before.refused,
    serverCpuPercent: cpu,
    // Server CPU per record: the figure a shared machine's load moves least (the robots' statuses meanwhile included).
    serverCpuMsPer1000: (cpu.reduce((a, b) => a + b, 0) * elapsed * 10_000) / final.rows,
    statusToApiQuiet: q,
    statusToApiDuring: d,
    statusToMemoryDuring: toMemory,
    load: [loadBefore, loadAfter],
  };
  console.log(JSON.stringify(result));
  console.log(
    '\n| mode | robots | records | records/s | publishing (s) | rows stored / lost | server CPU (ms per 1,000 records) | status → API p50 / p95 quiet | during the burst | status → memory p50 / p95 during | load before → after |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  console.log(
    `| ${values.mode}${values['server-core'] ? ', server core' : ''} | ${values.robots} | ${f0(records)} | ${f0(result.perSecond)} | ${seconds.toFixed(1)} s (${publish.seconds.toFixed(1)}) | ${f0(final.rows)} / ${f0(result.lost)} | ${cpu.map((c) => `${f0(c)} %`).join(', ')} (${f0(result.serverCpuMsPer1000)}) | ${f0(q.p50)} / ${f0(q.p95)} ms (${q.count}) | ${f0(d.p50)} / ${f0(d.p95)} ms (${d.count}) | ${f0(toMemory.p50)} / ${f0(toMemory.p95)} ms | ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)} |`,
  );
  if ('brokerOutput' in fleet) console.log(`Mosquitto said:\n${fleet.brokerOutput().split('\n').slice(-10).join('\n')}`);
} finally {
  await fleet.stop();
}
process.exit(0);
