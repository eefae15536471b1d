/**
 * Alarm storm: N robots (5,000) raise `network_timeout` within one second and clear it 30 s later,
 * with an administrator's console open on the alarm list (active network timeouts). Prints: how
 * long until the screen shows every one, the API's latency meanwhile, the slowest interaction on
 * the screen during the storm, how many notifications it showed, and whether every transition was
 * recorded. The server is bench/fleet's (embedded broker, PGlite on disk) in a process of its own;
 * with `--broker mosquitto`, the setup docs/deploy.md gives a fleet this size: Mosquitto and
 * PostgreSQL, `--instances` server instances (1), the console on the first.
 * `network_timeout` is a major alarm; an administrator's override makes it `--severity` (critical)
 * for the run, so the storm is one the console notifies of (issue 29: one grouped notification).
 *
 *   npm run build:web
 *   node --import tsx bench/alarms/storm.ts [--robots 5000] [--clear-after 30] [--connect-pause 1000]
 *     [--broker embedded|mosquitto] [--instances 1] [--server-core]
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { cpuSeconds } from '../fleet/proc-stats.ts';
import { startCluster } from '../scale/cluster.ts';
import { takeLongTasks, takeSlowestInteraction } from '../scale/page-watch.ts';
import { cpuSpent, pinProcesses, processesCpu } from '../scale/process-cpu.ts';
import { ask, startFleet } from '../support/children.ts';
import { serverCore } from '../support/server-core.ts';
import { machine, summary } from '../support/stats.ts';
import { launchChromium, notificationsShown, openAlarmConsole, whenMatches } from './console.ts';

const { values: args } = parseArgs({
  options: {
    robots: { type: 'string', default: '5000' },
    'clear-after': { type: 'string', default: '30' },
    'connect-pause': { type: 'string', default: '1000' },
    severity: { type: 'string', default: 'critical' },
    broker: { type: 'string', default: 'embedded' },
    instances: { type: 'string', default: '1' },
    'server-core': { type: 'boolean', default: false },
  },
});
const robots = Number(args.robots);
const clearAfterMs = Number(args['clear-after']) * 1000;
const CODE = 'network_timeout';
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
process.env.BENCH_ALARM_RATE = '0';

console.log(`machine: ${machine()}`);
// The bench, and so Chromium and every child it starts, on the other CPUs; the server then moves to CPU 0.
if (args['server-core']) pinProcesses([process.pid], `1-${os.cpus().length - 1}`);
const browser = await launchChromium();
if (!['embedded', 'mosquitto'].includes(String(args.broker))) throw new Error('--broker is embedded or mosquitto');
const fleet =
  args.broker === 'mosquitto'
    ? await startCluster(robots, Number(args['connect-pause']), 0, { instances: Number(args.instances) })
    : await startFleet(robots, Number(args['connect-pause']));
console.log(`${robots} robots connected in ${fleet.connectSeconds.toFixed(1)} s`);
if (args['server-core']) serverCore(fleet.servers[0], [fleet.sim], fleet.brokerPid ? [fleet.brokerPid] : []);
const { baseUrl, token } = fleet.ready;
const headers = { authorization: `Bearer ${token}` };
const api = async (path: string) => {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/v1${path}`, { headers });
  const body = (await res.json()) as { data: { total?: number } };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, data: body.data };
};

/** The storm's code at `--severity` for alarms raised from now on (the administrator's override). */
async function overrideSeverity() {
  const settings = (await api('/alarm-settings')).data as { severityOverrides: Record<string, string> };
  const body = { ...settings, severityOverrides: { ...settings.severityOverrides, [CODE]: args.severity } };
  const res = await fetch(`${baseUrl}/api/v1/alarm-settings`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`/alarm-settings: ${res.status} ${await res.text()}`);
}

/**
 * CPU seconds of each part of the run so far: the server (its instances), the simulated robots,
 * the broker (Mosquitto's process; the embedded one is the server's), PostgreSQL (every backend of
 * the machine's) and Chromium (every process); `spentSince` says what each spent since a reading.
 */
const PARTS = ['server', 'robots', 'broker', 'postgres', 'chromium'] as const;
type CpuReading = Record<(typeof PARTS)[number], Map<number, number>>;
function cpuReading(): CpuReading {
  const of = (pids: (number | undefined)[]) =>
    new Map(pids.filter((pid) => pid !== undefined).map((pid) => [pid, cpuSeconds(pid)] as const));
  return {
    server: of(fleet.servers.map((s) => s.pid)),
    robots: of([fleet.sim.pid]),
    broker: of([fleet.brokerPid]),
    postgres: processesCpu('postgres'),
    chromium: processesCpu('chromium'),
  };
}
function spentSince(before: CpuReading) {
  const now = cpuReading();
  return PARTS.map((part) => `${part} ${cpuSpent(before[part], now[part]).toFixed(2)}`).join(', ');
}

/**
 * When the server (its instances together) had heard `count` more alerts than now, and when it had
 * written `count` more alarm transitions: asked every 50 ms (undefined: not within 60 s).
 */
async function serverProgress(count: number) {
  const read = async () => {
    const all = await Promise.all(fleet.servers.map((s) => ask<{ stats: Record<string, number> }>(s, { type: 'stats' })));
    return { alerts: sum(all.map((a) => a.stats.alerts)), alarmTransitions: sum(all.map((a) => a.stats.alarmTransitions)) };
  };
  const start = await read();
  const at: { heard?: number; written?: number } = {};
  return {
    at,
    done: (async () => {
      for (const ends = Date.now() + 60_000; Date.now() < ends && at.written === undefined; ) {
        await new Promise((r) => setTimeout(r, 50));
        const now = await read();
        if (at.heard === undefined && now.alerts - start.alerts >= count) at.heard = Date.now();
        if (now.alarmTransitions - start.alarmTransitions >= count) at.written = Date.now();
      }
    })(),
  };
}

/** The API as consoles and other programs ask it during the storm: the count, the list, one page. */
function pollApi() {
  const samples: number[] = [];
  let running = true;
  const paths = ['/alarms/summary', `/alarms?state=active&code=${CODE}`, '/alarms?state=active&page=3'];
  const loop = (async () => {
    for (let i = 0; running; i++) {
      samples.push((await api(paths[i % paths.length])).ms);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return summary(samples);
  };
}

try {
  await overrideSeverity();
  const page = await openAlarmConsole(browser, baseUrl, token, `/alarms?state=active&code=${CODE}`);
  await page.getByTestId('alarms-total').waitFor();
  await new Promise((r) => setTimeout(r, 5000));
  await takeLongTasks(page);
  await takeSlowestInteraction(page);
  const before = await notificationsShown(page);
  const load = os.loadavg()[0];

  const stopPolling = pollApi();
  const allShown = whenMatches(page, '[data-testid="alarms-total"]', `^${robots} `, 60_000);
  // Should the run fail before it settles, the browser closing must not end the process before the fleet is stopped.
  allShown.catch(() => {});
  const progress = await serverProgress(robots);
  const cpuBefore = cpuReading();
  const raised = await ask<{ ts: number; ms: number }>(fleet.sim, { type: 'alarm', code: CODE, active: true });
  const shownAt = await allShown;
  const cpu = spentSince(cpuBefore);
  await progress.done;
  // An operator works the list meanwhile: the next pages, then back to the first.
  for (const name of ['2', '3', '1']) await page.locator('.ant-pagination').getByText(name, { exact: true }).click();
  const slowest = await takeSlowestInteraction(page);
  const longTasks = await takeLongTasks(page);
  await new Promise((r) => setTimeout(r, Math.max(0, raised.ts + clearAfterMs - Date.now())));
  const cleared = await ask<{ ts: number }>(fleet.sim, { type: 'alarm', code: CODE, active: false });
  const noneShown = await whenMatches(page, '[data-testid="alarms-total"]', '^0 ', 60_000);
  const apiLatency = await stopPolling();
  const shown = await notificationsShown(page);

  // Every transition recorded: each robot's alarm raised once, and cleared by the device.
  const since = new Date(raised.ts - 2000).toISOString();
  const all = (await api(`/alarms?code=${CODE}&from=${since}&pageSize=1`)).data.total;
  const stillActive = (await api(`/alarms?code=${CODE}&state=active&pageSize=1`)).data.total;
  const clearedCount = (await api(`/alarms?code=${CODE}&state=cleared&from=${since}&pageSize=1`)).data.total;

  const f = (v: number | null | undefined, d = 0) => (v === null || v === undefined ? 'never' : v.toFixed(d));
  console.log(`${CODE} raised as ${args.severity}`);
  console.log(`load average before the storm ${load.toFixed(1)}; raising took the fleet ${raised.ms} ms`);
  const after = (at: number | undefined) => (at === undefined ? 'never' : `${at - raised.ts} ms`);
  console.log(
    `the server heard every alert after ${after(progress.at.heard)} and wrote every alarm after ${after(progress.at.written)}`,
  );
  console.log(
    `CPU seconds from the raise until the screen showed every one (${((shownAt ?? Date.now()) - raised.ts) / 1000} s, ${os.cpus().length} CPUs): ${cpu}`,
  );
  console.log(
    `| robots | screen shows every one | screen shows none after the clear | API p50 / p95 / max (${apiLatency.count} calls) | slowest interaction | long tasks (longest) | notifications (browser / notices / sounds) | alarms recorded | cleared | still active |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  console.log(
    `| ${robots} | ${shownAt ? `${f(shownAt - raised.ts)} ms` : 'never'} | ${noneShown ? `${f(noneShown - cleared.ts)} ms` : 'never'} | ${f(apiLatency.median)} / ${f(apiLatency.p95)} / ${f(apiLatency.max)} ms | ${f(slowest)} ms | ${longTasks.length} (${f(Math.max(0, ...longTasks))} ms) | ${shown.browser - before.browser} / ${shown.notices - before.notices} / ${shown.sounds - before.sounds} | ${all} | ${clearedCount} | ${stillActive} |`,
  );
} finally {
  await browser.close();
  await fleet.stop();
}
