// Where the console's main thread spends its time with a simulated fleet: the embedded server and
// N robots at 1 Hz (bench/fleet's processes), one screen open in headless Chromium, then a
// 10-second CPU profile of the page, printed as the functions with the most time of their own.
// A tool for finding what to make cheaper; bench/scale/run.ts measures the goals.
//
//   npm run build:web
//   node --import tsx bench/scale/profile.ts --robots 1000 --screen robots
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { startFleet } from '../support/children.ts';

const { values } = parseArgs({
  options: {
    robots: { type: 'string', default: '1000' },
    screen: { type: 'string', default: 'robots' },
    seconds: { type: 'string', default: '10' },
    top: { type: 'string', default: '30' },
  },
});

const fleet = await startFleet(Number(values.robots), 1000);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const context = await browser.newContext({ baseURL: fleet.ready.baseUrl, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(`localStorage.setItem('railserve.token', ${JSON.stringify(fleet.ready.token)})`);
  const page = await context.newPage();
  // The robots screen filtered to one robot, as bench/scale/run.ts measures it.
  await page.goto(values.screen === 'robots' ? `/robots?q=${fleet.sns[0]}` : `/${values.screen}`);
  await page
    .getByText(/^(已連線|Connected)$/)
    .first()
    .waitFor({ timeout: 60_000 });
  await new Promise((r) => setTimeout(r, 8000));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await new Promise((r) => setTimeout(r, Number(values.seconds) * 1000));
  const { profile } = await cdp.send('Profiler.stop');

  const timeOf = new Map<number, number>();
  for (const [i, id] of (profile.samples ?? []).entries()) timeOf.set(id, (timeOf.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0));
  const self = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (timeOf.get(node.id) ?? 0) / 1000);
  }
  const idle = new Set(['(idle) :-1', '(program) :-1']);
  const busy = [...self].filter(([key]) => !idle.has(key)).reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`${values.robots} robots, ${values.screen}: JavaScript and GC ${Math.round(busy)} ms of ${values.seconds} s`);
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
    console.log(`${String(Math.round(ms)).padStart(6)} ms  ${key}`);
} finally {
  await browser.close();
  await fleet.stop();
}
