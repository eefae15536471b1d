// Hovering a 90-day hourly series of 10 robots (2,160 points each) in a Recharts line chart, as the
// analytics screen draws charts, in headless Chromium: the pointer sweeps across the plot one
// step per frame; counts frames drawn, and tasks over 50 ms (goal: 60 frames a second, none over
// 50 ms). Prints figures; not a test.
//   npx tsx bench/web/analytics-hover.ts        (SWEEPS=3 by default; THIN=600 points drawn at most, THIN=0 every point)
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { machine } from '../support/stats.ts';

const SWEEPS = Number(process.env.SWEEPS ?? 3);
const STEPS = 240;
const webDir = path.resolve(import.meta.dirname, '../../apps/web');

const bundle = await build({
  entryPoints: [path.join(import.meta.dirname, 'analytics-hover-chart.tsx')],
  bundle: true,
  write: false,
  minify: true,
  format: 'iife',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"', 'process.env.THIN': JSON.stringify(process.env.THIN ?? '600') },
  nodePaths: [path.join(webDir, 'node_modules'), path.resolve(webDir, '../../node_modules')],
  absWorkingDir: webDir,
});
const script = bundle.outputFiles[0].text;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 600 } });
  await page.setContent('<!doctype html><html><body style="margin:0"><div id="root"></div></body></html>');
  const drawnAt = Date.now();
  await page.addScriptTag({ content: script });
  await page.locator('.recharts-line').first().waitFor();
  console.log(machine());
  console.log(
    `chart drawn in ${Date.now() - drawnAt} ms (10 lines × 2,160 points, THIN=${process.env.THIN ?? '600'}); load average ${os.loadavg()[0].toFixed(2)}`,
  );
  const box = (await page.locator('.recharts-cartesian-grid').boundingBox())!;
  for (let sweep = 0; sweep < SWEEPS; sweep++) {
    // Strings, not functions: tsx would name the functions with a helper the page does not have.
    await page.evaluate(`(() => {
      // One frame loop and one observer per sweep: the last sweep's stop, so none counts twice.
      window.__observer?.disconnect();
      const sweep = (window.__sweep = (window.__sweep ?? 0) + 1);
      const frames = (window.__frames = []);
      const long = (window.__long = []);
      window.__observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) long.push(e.duration); });
      window.__observer.observe({ type: 'longtask' });
      const tick = (t) => { frames.push(t); if (window.__sweep === sweep && frames.length < 100000) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    })()`);
    const started = Date.now();
    for (let i = 0; i <= STEPS; i++) {
      await page.mouse.move(box.x + (box.width * i) / STEPS, box.y + box.height / 2);
      await page.evaluate('new Promise((r) => requestAnimationFrame(() => r(null)))');
    }
    const seconds = (Date.now() - started) / 1000;
    const { frames, long } = (await page.evaluate(`(() => ({
      frames: window.__frames.slice(1).map((t, i) => t - window.__frames[i]),
      long: window.__long,
    }))()`)) as { frames: number[]; long: number[] };
    const sorted = [...frames].sort((a, b) => a - b);
    const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? Number.NaN;
    console.log(
      `sweep ${sweep + 1}: ${STEPS} pointer moves in ${seconds.toFixed(2)} s, ${(frames.length / seconds).toFixed(0)} frames/s, ` +
        `frame gap p95 ${p95.toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms; tasks over 50 ms: ${long.length}` +
        `${long.length ? ` (longest ${Math.max(...long).toFixed(0)} ms)` : ''}; load average ${os.loadavg()[0].toFixed(2)}`,
    );
  }
} finally {
  await browser.close();
}
