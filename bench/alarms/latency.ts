/**
 * Alarm latency: with N robots (1,000) publishing their status at 1 Hz, one robot at a time raises
 * a critical alarm; from the alert's sending to the header's critical count on an open console
 * (the dashboard) reading one more. Then it clears, and the count goes back before the next probe.
 * The server is bench/fleet's (embedded broker, PGlite on disk) in a process of its own.
 *
 *   npm run build:web
 *   node --import tsx bench/alarms/latency.ts [--robots 1000] [--probes 20]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { ask, startFleet } from '../support/children.ts';
import { machine, summary } from '../support/stats.ts';
import { launchChromium, openAlarmConsole, whenMatches } from './console.ts';

const { values: args } = parseArgs({
  options: {
    robots: { type: 'string', default: '1000' },
    probes: { type: 'string', default: '20' },
    'connect-pause': { type: 'string', default: '500' },
  },
});
const robots = Number(args.robots);
const CODE = 'imu_stuck';
const COUNT = '[data-testid="alarm-count-critical"]';
process.env.BENCH_ALARM_RATE = '0';

console.log(`machine: ${machine()}`);
const browser = await launchChromium();
const fleet = await startFleet(robots, Number(args['connect-pause']));
console.log(`${robots} robots connected in ${fleet.connectSeconds.toFixed(1)} s`);
try {
  const page = await openAlarmConsole(browser, fleet.ready.baseUrl, fleet.ready.token, '/dashboard');
  await new Promise((r) => setTimeout(r, 5000));
  const load = os.loadavg()[0];
  const delays: number[] = [];
  let missed = 0;
  for (let i = 0; i < Number(args.probes); i++) {
    const sn = fleet.sns[(i * 37) % fleet.sns.length];
    // No critical alarm is active between probes: the count shows 1 once this one is.
    const shown = whenMatches(page, COUNT, '^1$', 5000);
    const raised = await ask<{ ts: number }>(fleet.sim, { type: 'alarm', code: CODE, active: true, sn });
    const at = await shown;
    if (at === null) missed++;
    else delays.push(at - raised.ts);
    await ask(fleet.sim, { type: 'alarm', code: CODE, active: false, sn });
    await page.locator(COUNT).waitFor({ state: 'detached', timeout: 5000 });
    await new Promise((r) => setTimeout(r, 700));
  }
  const s = summary(delays);
  console.log(`load average ${load.toFixed(1)}`);
  console.log('| robots | alert → header count p50 / p95 / max | probes | missed (not within 5 s) |');
  console.log('|---|---|---|---|');
  console.log(`| ${robots} | ${s.median.toFixed(0)} / ${s.p95.toFixed(0)} / ${s.max.toFixed(0)} ms | ${s.count} | ${missed} |`);
} finally {
  await browser.close();
  await fleet.stop();
}
