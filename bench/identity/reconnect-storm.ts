// 5,000 enrolled robots reconnecting after the broker restarts (the embedded broker: the server
// restarts on the same data folder, broker port and secrets): the time until every robot is
// online again, the server's CPU meanwhile, and the credential check's own cost (µs).
// docs/benchmarks.md, "Device identity". It prints figures; it is not a test.
//
//   node --import tsx bench/identity/reconnect-storm.ts [--robots 5000] [--server-core]
import { fork } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../../apps/server/test/support/mosquitto.ts';
import { fleetPlan } from '../fleet/fleet-plan.ts';
import { cpuSeconds } from '../fleet/proc-stats.ts';
import { freshSecrets } from '../support/bench-server.ts';
import { ask, next, stopChild } from '../support/children.ts';
import { serverCore } from '../support/server-core.ts';
import { machine, summary } from '../support/stats.ts';
import { enrollmentKey, enrolRobots, loadAverage, probeHealth, startServer } from './support.ts';

const { values } = parseArgs({
  options: {
    robots: { type: 'string', default: '5000' },
    'server-core': { type: 'boolean', default: false },
  },
});
const robots = Number(values.robots);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
console.log(`machine: ${machine()}; load average before: ${loadAverage()}`);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rs-bench-identity-'));
const env = {
  BENCH_DATA_DIR: dataDir,
  BENCH_MQTT_PORT: String(await freePort()),
  BENCH_SECRETS: JSON.stringify(freshSecrets()),
};
const first = await startServer(env);

// The fleet enrols once (50 requests in flight), then connects with its own credentials.
const key = await enrollmentKey(first.ready, robots);
const sns = fleetPlan(robots).flatMap((track) => track.sns);
const enrolStarted = performance.now();
const enrolment = await enrolRobots(first.ready.baseUrl, key, sns, 50);
const enrolSeconds = (performance.now() - enrolStarted) / 1000;
if (enrolment.failures.length > 0) throw new Error(`enrollment failed: ${enrolment.failures.slice(0, 3).join('; ')}`);
console.log(`${robots} robots enrolled in ${enrolSeconds.toFixed(1)} s`);
await ask(first.proc, { type: 'maps', robots });
const credentialsFile = path.join(dataDir, 'credentials.json');
const credentials = [...enrolment.credentials].map(([sn, c]) => ({ sn, password: c.password }));
await writeFile(credentialsFile, JSON.stringify(credentials), { mode: 0o600 });

const online = async (proc: typeof first.proc) => (await ask<{ count: number }>(proc, { type: 'online' })).count;
/** Waits until every robot is online, or `limitMs` has passed; answers how many are. */
const allOnline = async (proc: typeof first.proc, limitMs = 900_000) => {
  const started = performance.now();
  let count = await online(proc);
  while (count < robots && performance.now() - started < limitMs) {
    await sleep(100);
    count = await online(proc);
  }
  return count;
};
const fleet = fork(path.join(import.meta.dirname, 'robots-child.ts'), {
  execArgv: ['--import', 'tsx', '--max-semi-space-size=64'],
  env: { ...process.env, BENCH_CREDENTIALS: credentialsFile, BENCH_BROKER_URL: first.ready.brokerUrl },
  stdio: 'inherit',
});
const connectStarted = performance.now();
await next(fleet, 'ready', 600_000);
await allOnline(first.proc);
const firstConnectSeconds = (performance.now() - connectStarted) / 1000;
console.log(`all ${robots} online in ${firstConnectSeconds.toFixed(1)} s; restarting the server…`);
await sleep(5000);

// The restart: every robot loses its broker and keeps retrying (the simulator's 1 s reconnect period).
await stopChild(first.proc);
const restarted = performance.now();
const second = await startServer(env);
if (values['server-core']) serverCore(second.proc, [fleet]);
const listening = (performance.now() - restarted) / 1000;
const cpuAtReady = cpuSeconds(second.proc.pid!);
const health = probeHealth(second.ready.baseUrl, 50);
// How many are back a minute after the broker listens again, then the wait for the rest (5 min at most).
const atMinute = await allOnline(second.proc, 60_000);
const back = atMinute < robots ? await allOnline(second.proc, 240_000) : atMinute;
const allBack = (performance.now() - restarted) / 1000;
const cpuAtAllBack = cpuSeconds(second.proc.pid!);
const healthDuring = await health.stop();
const loadAfter = loadAverage();

// The check itself, on the restarted server: 500 robots' passwords, 4 rounds, one at a time.
const samples = credentials.slice(0, 500);
const check = await ask<{ hmacMicros: ReturnType<typeof summary>; verifyMicros: ReturnType<typeof summary> }>(second.proc, {
  type: 'check',
  samples,
  rounds: 4,
});

await stopChild(fleet);
await stopChild(second.proc);
await rm(dataDir, { recursive: true, force: true });

const f = (n: number, digits = 1) => n.toFixed(digits);
const stormSeconds = allBack - listening;
const healthSummary = summary(healthDuring.times);
console.log(
  JSON.stringify({
    robots,
    enrolSeconds,
    firstConnectSeconds,
    listeningSeconds: listening,
    onlineAMinuteAfterListening: atMinute,
    online: back,
    allOnlineSeconds: allBack,
    stormSeconds,
    startupCpuSeconds: cpuAtReady,
    stormCpuSeconds: cpuAtAllBack - cpuAtReady,
    stormCpuPercent: ((cpuAtAllBack - cpuAtReady) / stormSeconds) * 100,
    healthDuringMs: healthSummary,
    healthFailed: healthDuring.failed,
    check,
    loadAverageAfter: loadAfter,
  }),
);
console.log(
  '\n| robots | server listening again (s) | online 60 s after listening | all online (s after restart) | storm CPU (s, % of a core) | /api/health p50 / p95 during (ms) | check: HMAC p50 / p95 (µs) | check with its DB read p50 / p95 (µs) | load avg |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
console.log(
  `| ${robots} | ${f(listening)} | ${atMinute} | ${back === robots ? f(allBack) : `${back} online after ${f(allBack)}`} | ${f(cpuAtAllBack - cpuAtReady)} s, ${f(((cpuAtAllBack - cpuAtReady) / stormSeconds) * 100, 0)} % | ${f(healthSummary.median)} / ${f(healthSummary.p95)} | ${f(check.hmacMicros.median)} / ${f(check.hmacMicros.p95)} | ${f(check.verifyMicros.median, 0)} / ${f(check.verifyMicros.p95, 0)} | ${loadAfter} |`,
);
process.exit(0);
