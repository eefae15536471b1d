// 1,000 robots enrolling at once against a running server (embedded broker, PGlite on disk):
// every enrollment's answer and time, the server's CPU, and /api/health's answers meanwhile.
// docs/benchmarks.md, "Device identity". It prints figures; it is not a test.
//
//   node --import tsx bench/identity/enroll-storm.ts [--robots 1000] [--health-every 20] [--server-core]
import { parseArgs } from 'node:util';
import { cpuSeconds } from '../fleet/proc-stats.ts';
import { stopChild } from '../support/children.ts';
import { serverCore } from '../support/server-core.ts';
import { machine, summary } from '../support/stats.ts';
import { enrollmentKey, enrolRobots, loadAverage, probeHealth, startServer } from './support.ts';

const { values } = parseArgs({
  options: {
    robots: { type: 'string', default: '1000' },
    'health-every': { type: 'string', default: '20' },
    'server-core': { type: 'boolean', default: false },
  },
});
const robots = Number(values.robots);
console.log(`machine: ${machine()}; load average before: ${loadAverage()}`);

const { proc, ready } = await startServer();
if (values['server-core']) serverCore(proc, []);
// One key for the whole fleet, with a use per robot. Enrollment is limited per address and per
// key on wrong attempts only (docs/protocol.md): a site enrolling its fleet from one address with
// one key is never slowed, so the bench runs with the product's limits.
const key = await enrollmentKey(ready, robots);
const sns = Array.from({ length: robots }, (_, i) => `ENR-${String(i + 1).padStart(5, '0')}`);

// /api/health alone first, for comparison.
const idle = probeHealth(ready.baseUrl, Number(values['health-every']));
await new Promise((r) => setTimeout(r, 3000));
const idleHealth = await idle.stop();

const health = probeHealth(ready.baseUrl, Number(values['health-every']));
const cpuBefore = cpuSeconds(proc.pid!);
const started = performance.now();
const storm = await enrolRobots(ready.baseUrl, key, sns);
const seconds = (performance.now() - started) / 1000;
const cpu = cpuSeconds(proc.pid!) - cpuBefore;
const duringHealth = await health.stop();
const loadAfter = loadAverage();
await stopChild(proc);

const f = (n: number) => n.toFixed(1);
const enrolled = summary(storm.latencies);
const idleSummary = summary(idleHealth.times);
const stormSummary = summary(duringHealth.times);
console.log(
  JSON.stringify({
    robots,
    enrolled: storm.credentials.size,
    failures: storm.failures.slice(0, 5),
    failureCount: storm.failures.length,
    seconds,
    enrollMs: enrolled,
    serverCpuPercent: (cpu / seconds) * 100,
    healthIdleMs: idleSummary,
    healthDuringMs: stormSummary,
    healthFailed: duringHealth.failed,
    loadAverageAfter: loadAfter,
  }),
);
console.log(
  `\n| robots | enrolled | all answered (s) | enroll p50 / p95 / max (ms) | server CPU | /api/health p50 / p95 / max during (ms) | /api/health p95 idle (ms) | load avg |`,
);
console.log('|---|---|---|---|---|---|---|---|');
console.log(
  `| ${robots} | ${storm.credentials.size} | ${f(seconds)} | ${f(enrolled.median)} / ${f(enrolled.p95)} / ${f(enrolled.max)} | ${f((cpu / seconds) * 100)} % | ${f(stormSummary.median)} / ${f(stormSummary.p95)} / ${f(stormSummary.max)} (${stormSummary.count} answers, ${duringHealth.failed} failed) | ${f(idleSummary.p95)} | ${loadAfter} |`,
);
process.exit(storm.failures.length === 0 ? 0 : 1);
