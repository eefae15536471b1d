// Scale benchmark: the console in Chromium with N simulated robots at 1 Hz, in either production
// shape: `embedded` (one server with its embedded broker and PGlite) or `cluster` (Mosquitto with
// dynamic security, PostgreSQL and two server instances). Prints how long a robot's status takes to
// show on the robots screen or the dashboard, how busy the page's main thread is, its long tasks
// and slowest interaction, how fast the broker acknowledges the robots, and each process's CPU and
// memory. See bench/scale/README.md. It prints figures; it is not a test.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { type Browser, chromium, type Page } from '@playwright/test';
import { cpuSeconds, rssMb } from '../fleet/proc-stats.ts';
import { ask, startFleet } from '../support/children.ts';
import { machine, summary } from '../support/stats.ts';
import { startCluster } from './cluster.ts';
import { startFeedReaders } from './feed-readers.ts';
import { mainThreadSeconds, recordLongTasks, takeLongTasks, takeSlowestInteraction, whenText } from './page-watch.ts';
import { cpuSpent, pinProcesses, processesCpu, processesNamed, reniceProcesses } from './process-cpu.ts';

const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'embedded' },
    robots: { type: 'string', default: '1000,5000' },
    seconds: { type: 'string', default: '40' },
    warmup: { type: 'string', default: '10' },
    probes: { type: 'string', default: '30' },
    consoles: { type: 'string', default: '1' },
    readers: { type: 'string', default: '0' },
    screen: { type: 'string', default: 'robots,dashboard' },
    'connect-pause': { type: 'string', default: '0' },
    changing: { type: 'string', default: '0' },
    'consoles-nice': { type: 'string', default: '0' },
    'lone-robots': { type: 'string', default: '50' },
    'server-core': { type: 'boolean', default: false },
  },
});
// The simulated fleet's processes read it (bench/fleet/sim-child.ts).
process.env.BENCH_CHANGING_PERCENT = values.changing;
const cpuMicros = ({ user, system }: NodeJS.CpuUsage) => user + system;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Screen = 'robots' | 'dashboard';
/** What a fleet process answers to 'acks' (bench/fleet/sim-child.ts). */
type AcksReport = {
  acks: ReturnType<typeof summary> & { p50: number };
  loop: { p50: number; p95: number; max: number; gcMs: number; gcMaxMs: number };
};
const mode = values.mode === 'cluster' ? 'cluster' : 'embedded';

async function openConsole(browser: Browser, baseUrl: string, token: string, path: string) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(`localStorage.setItem('railserve.token', ${JSON.stringify(token)})`);
  const page = await context.newPage();
  await recordLongTasks(page);
  await page.goto(path);
  await page
    .getByText(/^(已連線|Connected)$/)
    .first()
    .waitFor({ timeout: 60_000 });
  return page;
}

const LOW_BATTERY = '[data-testid="dashboard-stat-lowBattery"] .ant-statistic-content-value';
const lowBatteryShown = async (page: Page) => Number((await page.locator(LOW_BATTERY).innerText()).replace(/,/g, ''));

/** Where a probe robot's change shows, and the text it shows for a battery level. */
function target(screen: Screen, sn: string, level: number, lowBefore: number) {
  if (screen === 'robots') return { selector: `[data-testid="robot-row-${sn}"] .ant-progress-indicator`, text: `${level}%` };
  return { selector: LOW_BATTERY, text: String(level < 20 ? lowBefore + 1 : lowBefore - 1) };
}

/** Types the probe robot's SN into the robots screen's search box again, key by key (an operator searching). */
async function typeInSearch(page: Page, sn: string) {
  const search = page.getByTestId('robots-search').locator('input');
  await search.fill('');
  await search.pressSequentially(sn, { delay: 80 });
  await search.press('Enter');
  await page.locator(`[data-testid="robot-row-${sn}"]`).waitFor();
}

async function measure(robots: number, screen: Screen) {
  const pause = Number(values['connect-pause']);
  // The browser first: a missing Chromium must not leave a fleet running (it would load every later run).
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const lone = Number(values['lone-robots']);
  const start = mode === 'cluster' ? startCluster : startFleet;
  const fleet = await start(robots, pause, lone).catch(async (error) => {
    await browser.close();
    throw error;
  });
  let readers: Awaited<ReturnType<typeof startFeedReaders>> | undefined;
  try {
    const probeSn = fleet.sns[0];
    const path = screen === 'robots' ? `/robots?q=${probeSn}` : '/dashboard';
    const page = await openConsole(browser, fleet.ready.baseUrl, fleet.ready.token, path);
    // Further consoles watch the whole fleet, as operators at other desks would.
    for (let i = 1; i < Number(values.consoles); i++)
      await openConsole(browser, fleet.ready.baseUrl, fleet.ready.token, '/robots');
    readers = await startFeedReaders(Number(values.readers), fleet.ready.baseUrl, fleet.ready.token);
    // Consoles run on operators' own machines: at a low priority they take only the cores the
    // server, the broker and the fleet leave, as a second machine would.
    const niceness = Number(values['consoles-nice']);
    if (niceness) console.log(`Chromium at niceness ${niceness}: ${reniceProcesses('chromium', niceness)} threads`);
    if (values['server-core']) serverCore(fleet);
    await page
      .locator(screen === 'robots' ? `[data-testid="robot-row-${probeSn}"]` : '[data-testid="dashboard-stat-lowBattery"]')
      .waitFor();
    await sleep(Number(values.warmup) * 1000);

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await takeLongTasks(page);
    await takeSlowestInteraction(page);
    const sims = [fleet.sim, ...(fleet.loneSim ? [fleet.loneSim] : [])];
    const fleetPids = sims.map((sim) => sim.pid!);
    await Promise.all(sims.map((sim) => ask(sim, { type: 'acks' })));
    const pids = fleet.servers.map((s) => s.pid!);
    const before = {
      at: Date.now(),
      main: await mainThreadSeconds(cdp),
      servers: pids.map(cpuSeconds),
      broker: fleet.brokerPid ? cpuSeconds(fleet.brokerPid) : 0,
      sim: fleetPids.map(cpuSeconds),
      chromium: processesCpu('chromium'),
      database: mode === 'cluster' ? processesCpu('postgres') : new Map<number, number>(),
      bench: process.cpuUsage(),
      readerStatuses: readers.statuses(),
    };
    const rss: number[][] = pids.map(() => []);
    const sampler = setInterval(
      () =>
        pids.forEach((pid, i) => {
          rss[i].push(rssMb(pid));
        }),
      1000,
    );
    const delays: number[] = [];
    let missed = 0;
    const ends = Date.now() + Number(values.seconds) * 1000;
    for (let i = 0; i < Number(values.probes) && Date.now() < ends; i++) {
      // Alternates low and healthy levels (the dashboard counts low batteries), each one new.
      const level = i % 2 === 0 ? 5 + (i % 10) : 50 + (i % 40);
      const lowBefore = screen === 'dashboard' ? await lowBatteryShown(page) : 0;
      const { selector, text } = target(screen, probeSn, level, lowBefore);
      const seen = whenText(page, selector, text);
      const { ts } = await ask<{ ts: string | null }>(fleet.sim, { type: 'battery', sn: probeSn, battery: level });
      const at = await seen;
      if (ts && at) delays.push(at - Date.parse(ts));
      else {
        missed++;
        console.log(
          `probe ${i} (battery ${level}) missed: ${ts ? 'not on screen within 5 s' : 'the probe robot did not publish'}`,
        );
      }
      await sleep(Math.max(200, (Number(values.seconds) * 1000) / Number(values.probes) - 300));
    }
    if (screen === 'robots') await typeInSearch(page, probeSn);
    clearInterval(sampler);
    const seconds = (Date.now() - before.at) / 1000;
    const longTasks = await takeLongTasks(page);
    const [{ acks, loop }, loneReport] = await Promise.all(sims.map((sim) => ask<AcksReport>(sim, { type: 'acks' })));
    return {
      mode,
      robots,
      screen,
      consoles: Number(values.consoles),
      consolesNice: Number(values['consoles-nice']),
      serverCore: values['server-core'],
      readers: Number(values.readers),
      /** Robot statuses each feed reader took in per second: they kept up when it is near the fleet's own rate. */
      readerStatusesPerSecond: (readers.statuses() - before.readerStatuses) / seconds / Math.max(1, Number(values.readers)),
      // The benchmark's own process: the feed readers, and Playwright's side of the browser.
      benchCpuPercent: (cpuMicros(process.cpuUsage(before.bench)) / 1e6 / seconds) * 100,
      changingPercent: Number(values.changing),
      delay: summary(delays),
      missed,
      mainThreadBusyPercent: (((await mainThreadSeconds(cdp)) - before.main) / seconds) * 100,
      longTasks: longTasks.length,
      longestTaskMs: Math.max(0, ...longTasks),
      slowestInteractionMs: screen === 'robots' ? await takeSlowestInteraction(page) : Number.NaN,
      brokerAck: acks,
      /** How late the fleet process's event loop ran (10 ms timer): part of every ack it measured. */
      fleetLoopDelay: loop,
      /** The acks of the robots in a process of their own (`--lone-robots`). */
      loneRobots: lone,
      loneAck: loneReport?.acks,
      serverCpuPercent: pids.map((pid, i) => ((cpuSeconds(pid) - before.servers[i]) / seconds) * 100),
      serverRssMb: rss.map((samples) => Math.max(...samples)),
      brokerCpuPercent: fleet.brokerPid ? ((cpuSeconds(fleet.brokerPid) - before.broker) / seconds) * 100 : Number.NaN,
      simCpuPercent: (fleetPids.reduce((sum, pid, i) => sum + cpuSeconds(pid) - before.sim[i], 0) / seconds) * 100,
      chromiumCpuPercent: (cpuSpent(before.chromium, processesCpu('chromium')) / seconds) * 100,
      databaseCpuPercent: mode === 'cluster' ? (cpuSpent(before.database, processesCpu('postgres')) / seconds) * 100 : Number.NaN,
      loadAverage: os.loadavg()[0],
    };
  } finally {
    if (values['server-core']) pinProcesses([...processesNamed('postgres'), process.pid], `0-${os.cpus().length - 1}`);
    await readers?.stop();
    await browser.close();
    await fleet.stop();
  }
}

/**
 * `--server-core`: the server instances, the broker, the database and the lone robots on the
 * first CPU; the consoles, the rest of the fleet and the benchmark itself on the others. The
 * server then has a core of its own, as on a machine of its own, and the lone robots' acks are its
 * broker's answer with the consoles' work on it but not their processors' wait.
 */
function serverCore(fleet: Pick<Awaited<ReturnType<typeof startFleet>>, 'servers' | 'brokerPid' | 'sim' | 'loneSim'>) {
  if (os.cpus().length < 2) throw new Error('--server-core needs a machine with two CPUs or more');
  const rest = `1-${os.cpus().length - 1}`;
  // The cluster's database too (the embedded server has PGlite inside it).
  const cluster = fleet.brokerPid ? [fleet.brokerPid, ...processesNamed('postgres')] : [];
  const own = [...fleet.servers.map((s) => s.pid!), ...cluster];
  const pinned = pinProcesses([...own, ...(fleet.loneSim ? [fleet.loneSim.pid!] : [])], '0');
  const others = pinProcesses([fleet.sim.pid!, process.pid, ...processesNamed('chromium')], rest);
  console.log(`on CPU 0: ${pinned} processes (servers, broker, database, lone robots); on CPUs ${rest}: ${others}`);
}

console.log(`machine: ${machine()}`);
const results = [];
for (const robots of String(values.robots).split(',').map(Number)) {
  for (const screen of String(values.screen).split(',') as Screen[]) {
    console.log(
      `\n▶ ${mode}: ${robots} robots (${values.changing} % changing), ${screen}, ${values.consoles} console(s), ${values.readers} feed reader(s)…`,
    );
    const result = await measure(robots, screen);
    results.push(result);
    console.log(JSON.stringify(result));
  }
}
const f = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const each = (list: number[], unit: string) => list.map((n) => `${f(n)}${unit}`).join(' + ');
console.log(
  '\n| mode | robots | changing | screen | consoles | status → screen p50 / p95 / max (ms) | missed | main thread busy | long tasks (longest) | slowest interaction | broker ack p50 / p95 | fleet loop delay p50 / p95 | lone robots ack p50 / p95 | server CPU | server RSS | broker CPU | database CPU | fleet CPU | Chromium CPU | bench CPU | load avg |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.mode} | ${r.robots} | ${r.changingPercent} % | ${r.screen} | ${r.consoles}${r.consolesNice ? ` (nice ${r.consolesNice})` : ''}${r.serverCore ? ' (server on a core of its own)' : ''}${r.readers ? ` + ${r.readers} readers` : ''} | ${f(r.delay.median)} / ${f(r.delay.p95)} / ${f(r.delay.max)} (${r.delay.count} probes) | ${r.missed} | ${f(r.mainThreadBusyPercent)} % | ${r.longTasks} (${f(r.longestTaskMs)} ms) | ${f(r.slowestInteractionMs)} ms | ${f(r.brokerAck.p50, 1)} / ${f(r.brokerAck.p95, 1)} ms | ${f(r.fleetLoopDelay.p50, 1)} / ${f(r.fleetLoopDelay.p95, 1)} ms | ${r.loneAck ? `${f(r.loneAck.p50, 1)} / ${f(r.loneAck.p95, 1)} ms (${r.loneRobots})` : '-'} | ${each(r.serverCpuPercent, ' %')} | ${each(r.serverRssMb, ' MB')} | ${f(r.brokerCpuPercent)} % | ${f(r.databaseCpuPercent)} % | ${f(r.simCpuPercent)} % | ${f(r.chromiumCpuPercent)} % | ${f(r.benchCpuPercent)} % | ${f(r.loadAverage, 1)} |`,
  );
}
process.exit(0);
