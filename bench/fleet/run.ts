// Fleet benchmark: N simulated robots at 1 Hz against the server (embedded broker, PGlite).
// Prints messages handled per second, the server's CPU and memory, and how long a status takes to
// reach GET /robots/{sn}. See bench/fleet/README.md. It prints figures; it is not a test.
import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { machine } from '../support/stats.ts';
import { Histogram } from './histogram.ts';
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
const here = import.meta.dirname;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Ready = { baseUrl: string; brokerUrl: string; deviceKey: string; serverBrokerPassword: string; token: string };
type ServerStats = { stats: Record<string, number>; ingest: ReturnType<Histogram['summary']> };

function child(file: string, env: Record<string, string> = {}) {
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server (open it in Chrome DevTools).
  const profile =
    file === 'server-child.ts' && process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : [];
  return fork(path.join(here, file), {
    execArgv: ['--import', 'tsx', ...profile],
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
}

/** The next IPC message of a type from a child (children answer one request at a time). */
function next<T>(proc: ChildProcess, type: string, timeoutMs = 600_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${type}' from ${proc.pid} within ${timeoutMs} ms`)), timeoutMs);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`child ${proc.pid} exited (${code}) before '${type}'`));
    };
    const onMessage = (message: { type: string }) => {
      if (message.type !== type) return;
      clearTimeout(timer);
      proc.off('message', onMessage);
      proc.off('exit', onExit);
      resolve(message as T);
    };
    proc.on('message', onMessage);
    proc.once('exit', onExit);
  });
}

async function ask<T>(proc: ChildProcess, message: Record<string, unknown>): Promise<T> {
  const answer = next<T>(proc, String(message.type));
  proc.send(message);
  return answer;
}

/** One probe: rename a robot in the simulator, then read GET /robots/{sn} until it shows the name. */
async function probe(sim: ChildProcess, server: Ready, sn: string, name: string) {
  const { ts } = await ask<{ ts: string | null }>(sim, { type: 'probe', sn, name });
  if (!ts) return undefined;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${server.baseUrl}/api/v1/robots/${sn}`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    const robot = (await response.json()).data;
    if (robot?.name === name) return Date.now() - Date.parse(ts);
    await sleep(5);
  }
  return undefined;
}

async function measure(robots: number) {
  const server = child('server-child.ts');
  const ready = await next<Ready>(server, 'ready');
  const started = Date.now();
  const sim = child('sim-child.ts', {
    BENCH_ROBOTS: String(robots),
    BENCH_BROKER_URL: ready.brokerUrl,
    BENCH_DEVICE_KEY: ready.deviceKey,
    BENCH_SERVER_BROKER_PASSWORD: ready.serverBrokerPassword,
    BENCH_CONNECT_PAUSE_MS: String(values['connect-pause']),
  });
  const { sns } = await next<{ sns: string[] }>(sim, 'ready');
  const connectSeconds = (Date.now() - started) / 1000;
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
      const delay = await probe(sim, ready, sn, `probe-${probes++}`);
      if (delay !== undefined) delays.add(delay);
    }
    await sleep(Math.max(20, (Number(values.seconds) * 1000) / Number(values.probes) / 2));
  }
  clearInterval(sampler);
  const seconds = (Date.now() - before.at) / 1000;
  const after = { cpu: cpuSeconds(pid), simCpu: cpuSeconds(sim.pid!), stats: await ask<ServerStats>(server, { type: 'stats' }) };
  const delta = (key: string) => (after.stats.stats[key] - before.stats.stats[key]) / seconds;

  sim.send({ type: 'stop' });
  await new Promise((r) => sim.once('exit', r));
  server.send({ type: 'stop' });
  await new Promise((r) => server.once('exit', r));
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
