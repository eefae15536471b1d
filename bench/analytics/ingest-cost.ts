/**
 * What rolling up costs the server: 2,000 simulated robots at 1 Hz against the server with its
 * embedded broker and PGlite (bench/fleet's processes), the server's CPU measured in alternating
 * windows with the analytics roll-up on and off, in the same run. Prints figures; not a test.
 *
 *   node --import tsx bench/analytics/ingest-cost.ts [--robots 2000] [--seconds 60] [--pairs 2] [--server-core]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { cpuSeconds } from '../fleet/proc-stats.ts';
import { pinProcesses } from '../scale/process-cpu.ts';
import { ask, startFleet } from '../support/children.ts';
import { machine } from '../support/stats.ts';

const { values } = parseArgs({
  options: {
    robots: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '30' },
    pairs: { type: 'string', default: '2' },
    'connect-pause': { type: 'string', default: '500' },
    'server-core': { type: 'boolean', default: false },
  },
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const robots = Number(values.robots);
type Stats = { stats: Record<string, number> };
type RollupStats = { stats: { rows: number; recomputed: number } };

console.log(`# Analytics ingest cost: ${robots} robots at 1 Hz`);
console.log(
  `machine: ${machine()}; load average at start ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const fleet = await startFleet(robots, Number(values['connect-pause']));
console.log(`connected in ${fleet.connectSeconds.toFixed(1)} s`);
if (values['server-core']) {
  if (os.cpus().length < 2) throw new Error('--server-core needs two CPUs or more');
  pinProcesses([fleet.server.pid!], '0');
  pinProcesses([process.pid, fleet.sim.pid!], `1-${os.cpus().length - 1}`);
  console.log('server on CPU 0; the bench and its robots on the others');
}
await sleep(Number(values.warmup) * 1000);

async function measureWindow(on: boolean) {
  // The previous window settled, so this one starts with nothing of the roll-up's queued.
  const switched = await ask<RollupStats>(fleet.server, { type: 'analytics', on, settle: true });
  const pid = fleet.server.pid!;
  const before = { cpu: cpuSeconds(pid), at: Date.now(), stats: await ask<Stats>(fleet.server, { type: 'stats' }) };
  await sleep(Number(values.seconds) * 1000);
  // Settled inside the window: the rows it queued are written and their hours rolled up on its clock.
  const rollup = await ask<RollupStats>(fleet.server, { type: 'analytics', on, settle: true });
  const seconds = (Date.now() - before.at) / 1000;
  const after = { cpu: cpuSeconds(pid), stats: await ask<Stats>(fleet.server, { type: 'stats' }) };
  const statuses = after.stats.stats.statuses - before.stats.stats.statuses;
  return {
    rollups: on,
    cpuSecondsPerMinute: ((after.cpu - before.cpu) / seconds) * 60,
    cpuMsPerThousandStatuses: ((after.cpu - before.cpu) * 1e6) / Math.max(1, statuses),
    messagesPerSecond: statuses / seconds,
    historyRowsPerSecond: (rollup.stats.rows - switched.stats.rows) / seconds,
    robotHoursRecomputed: rollup.stats.recomputed - switched.stats.recomputed,
    loadAverage: os.loadavg()[0],
  };
}

// Pairs alternate their order (on-off, off-on, …) so a drift over the run weighs on both sides alike.
const results: Awaited<ReturnType<typeof measureWindow>>[] = [];
for (let i = 0; i < Number(values.pairs); i++) {
  for (const on of i % 2 === 0 ? [true, false] : [false, true]) {
    const r = await measureWindow(on);
    results.push(r);
    console.log(JSON.stringify(r));
  }
}
await fleet.stop();

const f = (n: number, d = 0) => n.toFixed(d);
console.log(
  '\n| window | rollups | server CPU s/min | CPU ms per 1,000 statuses | statuses/s | history rows/s | robot-hours recomputed | load avg |',
);
console.log('|---|---|---|---|---|---|---|---|');
results.forEach((r, i) => {
  console.log(
    `| ${i + 1} | ${r.rollups ? 'on' : 'off'} | ${f(r.cpuSecondsPerMinute, 2)} | ${f(r.cpuMsPerThousandStatuses, 1)} | ${f(r.messagesPerSecond)} | ${f(r.historyRowsPerSecond, 1)} | ${r.robotHoursRecomputed} | ${f(r.loadAverage, 2)} |`,
  );
});
const mean = (on: boolean, pick: (r: (typeof results)[number]) => number) => {
  const xs = results.filter((r) => r.rollups === on).map(pick);
  return xs.reduce((a, b) => a + b, 0) / xs.length;
};
for (const [what, pick] of [
  ['CPU s/min', (r: (typeof results)[number]) => r.cpuSecondsPerMinute],
  ['CPU ms per 1,000 statuses', (r: (typeof results)[number]) => r.cpuMsPerThousandStatuses],
] as const) {
  const on = mean(true, pick);
  const off = mean(false, pick);
  console.log(
    `mean ${what}: ${f(on, 2)} with rollups, ${f(off, 2)} without: rolling up costs ${f(((on - off) / on) * 100, 1)} % of the server's CPU (goal ≤ 5 %)`,
  );
}
process.exit(0);
