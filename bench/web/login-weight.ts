// The weight of the login route: JavaScript (and everything else) transferred before the login form
// is usable, and how long that takes on localhost, in headless Chromium against the real server.
//   npx tsx bench/web/login-weight.ts        (RUNS=5 by default; needs the web build)

import { spawnSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { startBenchServer } from '../support/bench-server.ts';
import { machine, summary } from '../support/stats.ts';

const median = (values: number[]) => summary(values).median;

const RUNS = Number(process.env.RUNS ?? 5);

type Load = { scriptBytes: number; totalBytes: number; scripts: number; formVisibleMs: number };

async function loadOnce(baseUrl: string, browser: Awaited<ReturnType<typeof chromium.launch>>): Promise<Load> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const types = new Map<string, string>();
  let scriptBytes = 0;
  let totalBytes = 0;
  let scripts = 0;
  const urls = new Map<string, string>();
  cdp.on('Network.responseReceived', (event) => {
    types.set(event.requestId, event.type);
    urls.set(event.requestId, event.response.url);
  });
  cdp.on('Network.loadingFinished', (event) => {
    totalBytes += event.encodedDataLength;
    if (types.get(event.requestId) === 'Script') {
      scriptBytes += event.encodedDataLength;
      scripts += 1;
      if (process.env.VERBOSE) console.log(`  ${(event.encodedDataLength / 1024).toFixed(1)} KB ${urls.get(event.requestId)}`);
    }
  });
  const started = Date.now();
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-submit').waitFor({ state: 'visible' });
  await page.locator('input[type="password"]').waitFor({ state: 'visible' });
  const formVisibleMs = Date.now() - started;
  await page.waitForLoadState('networkidle');
  await context.close();
  return { scriptBytes, totalBytes, scripts, formVisibleMs };
}

// The same build `npm start` serves, made only when its sources changed.
spawnSync('node', ['scripts/web-build.mjs'], { stdio: 'inherit' });
const bench = await startBenchServer({ name: 'login-weight', database: 'memory', listen: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  await loadOnce(bench.baseUrl, browser);
  const loads: Load[] = [];
  for (let i = 0; i < RUNS; i++) loads.push(await loadOnce(bench.baseUrl, browser));
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(machine());
  console.log(`login route, ${RUNS} cold loads (cache disabled), transferred sizes as Chromium counts them:`);
  console.log(`  JavaScript: ${kb(median(loads.map((l) => l.scriptBytes)))} in ${loads[0].scripts} files`);
  console.log(`  everything: ${kb(median(loads.map((l) => l.totalBytes)))}`);
  console.log(`  form visible after: ${median(loads.map((l) => l.formVisibleMs))} ms (median)`);
} finally {
  await browser.close();
  await bench.server.close();
}
