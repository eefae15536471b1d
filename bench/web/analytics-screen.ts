// The analytics screen in headless Chromium against the real server holding 90 days of rollups
// for 1,000 robots (bench/analytics/fill.ts): the JavaScript the route fetches when a signed-in
// user opens it from the dashboard (compressed, as transferred), and the time from the click to a
// usable screen (summary cards with figures, the heat map and the tracks compared), in the
// default view (today, whole fleet). Prints figures; not a test.
//   npx tsx bench/web/analytics-screen.ts        (RUNS=5 by default; builds the web app if needed)
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { chromium } from '@playwright/test';
import { fillAnalytics } from '../analytics/fill.ts';
import { startBenchServer } from '../support/bench-server.ts';
import { machine, summary } from '../support/stats.ts';

const RUNS = Number(process.env.RUNS ?? 5);

spawnSync('node', ['scripts/web-build.mjs'], { stdio: 'inherit' });
const bench = await startBenchServer({ name: 'analytics-screen', database: 'disk', listen: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

async function openOnce() {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(
    ([token]) => {
      localStorage.setItem('railserve.token', token);
      localStorage.setItem('railserve.locale', 'zh-TW');
    },
    [bench.token] as const,
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(`${bench.baseUrl}/dashboard`);
  await page.getByTestId('dashboard-stat-online').waitFor();
  await page.waitForLoadState('networkidle');
  const types = new Map<string, string>();
  let scriptBytes = 0;
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    if (types.get(e.requestId) === 'Script') scriptBytes += e.encodedDataLength;
  });
  const started = Date.now();
  await page.getByRole('menuitem', { name: '營運分析' }).click();
  await page.getByTestId('analytics-heat-map').waitFor();
  await page.getByTestId('analytics-card-deliveries').locator('.ant-statistic-content-value').waitFor();
  await page.getByTestId('analytics-per-track').locator('tr', { hasText: 'Hall 01' }).waitFor();
  const usableMs = Date.now() - started;
  await page.waitForLoadState('networkidle');
  if (process.env.SCREENSHOT) await page.screenshot({ path: process.env.SCREENSHOT });
  await context.close();
  return { scriptBytes, usableMs, load: os.loadavg()[0] };
}

try {
  const filled = await fillAnalytics(bench, new Date(), () => {});
  console.log(machine());
  console.log(
    `data: ${filled.robotHours.toLocaleString('en-US')} robot-hours, ${filled.deliveryHours.toLocaleString('en-US')} delivery rows`,
  );
  await openOnce();
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await openOnce();
    runs.push(run);
    console.log(
      `  run ${i + 1}: ${(run.scriptBytes / 1024).toFixed(1)} KB of JavaScript, usable after ${run.usableMs} ms (load average ${run.load.toFixed(2)})`,
    );
  }
  const usable = summary(runs.map((r) => r.usableMs));
  console.log(`analytics route from the dashboard, ${RUNS} runs (cache disabled):`);
  console.log(`  JavaScript transferred: ${(runs[0].scriptBytes / 1024).toFixed(1)} KB compressed (goal ≤ 250 KB)`);
  console.log(`  usable after: median ${usable.median} ms, max ${usable.max} ms (goal ≤ 1,500 ms)`);
} finally {
  await browser.close();
  await bench.server.close();
}
process.exit(0);
