// A cluster that survives faults (issue 31; bench/cluster/README.md). PostgreSQL, Mosquitto with
// dynamic security (and persistence, as shipped), three server instances, simulated robots and a
// browser console on instance a. Under load (statuses at 1 Hz, log records and alerts at QoS 1,
// robot commands through the API) instance c is killed with SIGKILL and started again, then
// Mosquitto is restarted. Prints what it measured and exits non-zero when a check fails.
//
//   node --import tsx bench/cluster/fault.ts [--robots 500] [--publishers 100] [--log-every-ms 200]
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { SimRobot } from '@railserve/robot-sim';
import { startCluster } from '../../e2e/support/cluster.ts';
import { cpuSeconds } from '../fleet/proc-stats.ts';
import { checkCommands, checkLogsAndAlerts, consoleShows, type Finding, healthy, readDatabase, within } from './checks.ts';
import { LOAD_LOG_TYPE, startCommands, startPublishers } from './load.ts';

const { values } = parseArgs({
  options: {
    robots: { type: 'string', default: '500' },
    publishers: { type: 'string', default: '100' },
    'log-every-ms': { type: 'string', default: '200' },
    'alert-every-ms': { type: 'string', default: '2000' },
    'command-every-ms': { type: 'string', default: '100' },
  },
});
const ROBOTS = Number(values.robots);
const ADMIN_PASSWORD = 'fault-admin-pass';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const stamp = () => `[${new Date().toISOString().slice(11, 19)}]`;
const say = (text: string) => console.log(`${stamp()} ${text}`);
const findings: Finding[] = [];
const note = (what: string, holds: boolean, detail: string) => {
  findings.push({ what, holds, detail });
  say(`${holds ? 'holds' : 'FAILS'}: ${what} (${detail})`);
};

const sns = Array.from({ length: ROBOTS }, (_, i) => `FLT-${String(i + 1).padStart(4, '0')}`);
say(`starting PostgreSQL database, Mosquitto and three instances for ${ROBOTS} robots`);
// The production offline time (15 s), not the browser tests' 5 s.
const cluster = await startCluster(sns, ADMIN_PASSWORD, {
  instances: 3,
  persistence: true,
  env: { ROBOT_OFFLINE_AFTER_S: '15' },
});
const [a, b, c] = cluster.instances;
const db = await readDatabase(cluster.database.url);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const robots: SimRobot[] = [];
let failed = false;
try {
  const login = await fetch(`${a.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;

  // The robots: statuses at 1 Hz; their batteries change only when the run sets one.
  for (const sn of sns) {
    const robot = new SimRobot({
      url: cluster.mosquitto.url,
      deviceKey: cluster.deviceKey,
      sn,
      initMs: 0,
      battery: 90,
      chargePerStep: 0,
      drainPerStep: 0,
      statusIntervalMs: 1000,
      reconnectPeriodMs: 500,
    });
    robots.push(robot);
    await robot.start();
  }
  const onlineAll = await within(async () => (await db.robotsOnline()) === ROBOTS, 60_000);
  say(`${ROBOTS} robots online (${onlineAll === undefined ? 'not all' : `${onlineAll} ms`})`);

  // The console on instance a, filtered to the probe robot.
  const probe = robots[0];
  const page = await browser.newPage();
  await page.addInitScript(
    ([token]) => {
      localStorage.setItem('railserve.token', token);
      localStorage.setItem('railserve.locale', 'en');
    },
    [token] as const,
  );
  await page.goto(`${a.url}/robots?q=${probe.sn}`);
  const banner = page.getByRole('banner').getByText(/^Connected$/);
  await banner.waitFor({ timeout: 30_000 });
  const consoleLive = async (when: string, level: number) => {
    const ms = await consoleShows(page, probe, level);
    note(
      `the console stays live ${when}`,
      ms !== undefined,
      ms === undefined ? 'no change in 10 s' : `a battery change shown in ${ms} ms`,
    );
  };
  await consoleLive('before the faults', 71);

  // The load.
  const publishers = await startPublishers({
    url: cluster.mosquitto.url,
    deviceKey: cluster.deviceKey,
    sns: sns.slice(0, Number(values.publishers)),
    logEveryMs: Number(values['log-every-ms']),
    alertEveryMs: Number(values['alert-every-ms']),
  });
  let live = [a, b, c];
  const commands = startCommands({ urls: () => live.map((i) => i.url), token, sns, everyMs: Number(values['command-every-ms']) });
  const logRate = (Number(values.publishers) * 1000) / Number(values['log-every-ms']);
  const alertRate = (Number(values.publishers) * 1000) / Number(values['alert-every-ms']);
  say(`load: ${logRate} log records/s, ${alertRate} alerts/s, a command every ${values['command-every-ms']} ms`);
  await pause(10_000);

  // SIGKILL c under load.
  const before = { logs: publishers.sent.logs.size, commands: commands.counts().answered };
  say(`killing instance c (pid ${c.pid()}) after ${before.logs} log records and ${before.commands} commands`);
  live = [a, b];
  await c.kill();
  const onlineAfterKill = await db.robotsOnline();
  await pause(3000);
  await consoleLive('with instance c dead', 62);
  const onlineDuring: number[] = [];
  for (let i = 0; i < 5; i++) {
    onlineDuring.push(await db.robotsOnline());
    await pause(1000);
  }
  note(
    'the robots stay online with c dead',
    Math.min(onlineAfterKill, ...onlineDuring) === ROBOTS,
    `online: ${[onlineAfterKill, ...onlineDuring].join(', ')} of ${ROBOTS}`,
  );

  // c comes back and takes its share.
  const restartedAt = Date.now();
  await c.start();
  live = [a, b, c];
  say(`instance c is back in ${Date.now() - restartedAt} ms`);
  const cpu = (pid: number | undefined) => (pid ? cpuSeconds(pid) : 0);
  const cpuBefore = { a: cpu(a.pid()), c: cpu(c.pid()) };
  await pause(10_000);
  const share = { a: cpu(a.pid()) - cpuBefore.a, c: cpu(c.pid()) - cpuBefore.c };
  note(
    'the instance that came back takes its share',
    share.c > share.a * 0.3,
    `CPU over 10 s: a ${share.a.toFixed(2)} s, c ${share.c.toFixed(2)} s`,
  );
  await consoleLive('with c back', 53);

  // Mosquitto restarted under load: the console's banner is watched throughout.
  say('restarting Mosquitto');
  let bannerGone = 0;
  let bannerBackAt = 0;
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      const visible = await banner.isVisible().catch(() => false);
      if (!visible && !bannerGone) bannerGone = Date.now();
      if (visible && bannerGone && !bannerBackAt) bannerBackAt = Date.now();
      await pause(100);
    }
  })();
  const brokerStopped = Date.now();
  await cluster.mosquitto.restart();
  const brokerUp = Date.now();
  const instancesBack = await within(async () => (await Promise.all(live.map((i) => healthy(i.url)))).every(Boolean), 20_000);
  await within(() => bannerBackAt > 0, 20_000);
  watching = false;
  await watcher;
  const consoleBack = bannerBackAt ? bannerBackAt - brokerUp : undefined;
  note(
    'instances reconnect within 10 s of the broker',
    instancesBack !== undefined && instancesBack <= 10_000,
    `broker down and up in ${brokerUp - brokerStopped} ms; every instance connected ${instancesBack ?? '>20000'} ms after`,
  );
  note(
    'the console reconnects within 10 s of the broker',
    consoleBack !== undefined && consoleBack <= 10_000,
    bannerGone
      ? `its banner left Connected, and was back ${consoleBack ?? '(never)'} ms after the broker`
      : 'its banner never left Connected',
  );
  await consoleLive('after the broker restart', 44);
  await pause(5000);

  // Quiet, then count.
  commands.stop();
  await publishers.stop();
  say(`load stopped: ${JSON.stringify(commands.counts())} commands; ${publishers.sent.unacknowledged} publishes unacknowledged`);
  await within(async () => {
    const [{ n }] = await db.rows<{ n: string }>(`SELECT count(*) AS n FROM commands WHERE status = 'sent'`);
    return Number(n) === 0;
  }, 30_000);
  // What the broker still holds for the instances (a restarted one's queue) is stored meanwhile: wait
  // until every acknowledged record is in, or the count stops growing for 15 s (at most 2 minutes).
  const loadRows = async () =>
    Number((await db.rows<{ n: string }>('SELECT count(*) AS n FROM logs WHERE type = $1', [LOAD_LOG_TYPE]))[0].n);
  let last = -1;
  let still = 0;
  const drained = await within(async () => {
    const rows = await loadRows();
    still = rows === last ? still + 1 : 0;
    last = rows;
    return rows >= publishers.sent.logs.size || still >= 150;
  }, 120_000);
  say(`records stored: ${last} (${drained === undefined ? 'still growing after 2 minutes' : `settled in ${drained} ms`})`);
  for (const f of await checkLogsAndAlerts(db, publishers.sent, sns)) note(f.what, f.holds, f.detail);
  for (const f of await checkCommands(db, commands.answered)) note(f.what, f.holds, f.detail);
  note('the robots are online at the end', (await db.robotsOnline()) === ROBOTS, `${await db.robotsOnline()} of ${ROBOTS}`);
} catch (error) {
  failed = true;
  console.error(error);
  for (const i of cluster.instances) console.error(`instance ${i.name}:`, i.output().slice(-2000));
} finally {
  await Promise.all(robots.map((r) => r.stop().catch(() => {})));
  await browser.close();
  await db.close();
  await cluster.stop();
}

const failing = findings.filter((f) => !f.holds);
console.log(`\n${findings.length - failing.length} of ${findings.length} checks hold${failed ? '; the run failed' : ''}`);
process.exit(failing.length > 0 || failed ? 1 : 0);
