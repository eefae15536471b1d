// Map editor in headless Chromium at the scale (2,000 points, ~4,000 paths): time to
// first render, and frame times while dragging a point and while panning. Prints the figures.
//   npm run build:web && npx tsx bench/map-editor/run.ts
import { chromium, type Page } from '@playwright/test';
import { fitView } from '../../apps/web/src/features/map-editor/model/viewport.ts';
import { startBenchServer } from '../support/bench-server.ts';
import { benchMap } from './bench-map.ts';

const POINTS = Number(process.env.POINTS ?? 2000);
const PATHS = Number(process.env.PATHS ?? 4000);
const MOVES = Number(process.env.MOVES ?? 150);
const FRAME_BUDGET_MS = 1000 / 60;

const { server, baseUrl, token, headers } = await startBenchServer({ name: 'map-editor', database: 'memory', listen: true });
const track = (
  await server.inject({
    method: 'POST',
    url: '/api/v1/tracks',
    headers,
    payload: { name: 'Bench map', type: 'single_round_trip' },
  })
).json().data;
const map = benchMap(POINTS, PATHS);
const saved = await server.inject({ method: 'PUT', url: `/api/v1/tracks/${track.id}/map`, headers, payload: map });
if (saved.statusCode !== 200) throw new Error(`saving the map failed: ${saved.body}`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.addInitScript((value) => {
  localStorage.setItem('railserve.token', value);
  localStorage.setItem('railserve.locale', 'en');
}, token);

/** Frame deltas from requestAnimationFrame while `act` runs. */
async function frames(p: Page, act: () => Promise<void>) {
  // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
  await p.evaluate(`(() => {
    window.__frames = [];
    window.__run = true;
    window.__last = performance.now();
    const tick = (now) => {
      window.__frames.push(now - window.__last);
      window.__last = now;
      if (window.__run) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  await act();
  return p.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __run: boolean };
    w.__run = false;
    return w.__frames.slice(1);
  });
}

function summary(name: string, deltas: number[]) {
  const sorted = [...deltas].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const dropped = deltas.reduce((n, d) => n + Math.max(0, Math.round(d / FRAME_BUDGET_MS) - 1), 0);
  console.log(
    `${name}: ${deltas.length} frames, p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms, dropped ${dropped}`,
  );
}

const started = Date.now();
await page.goto(`${baseUrl}/tracks/${track.id}/map/edit`);
await page.waitForSelector('[data-testid="map-canvas"] canvas', { timeout: 180_000 });
await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
console.log(`map: ${map.points.length} points, ${map.paths.length} paths`);
console.log(`first render (navigation to the drawn canvas): ${Date.now() - started} ms`);

// The editor opens with the map fitted into its canvas; find a point's place on the screen.
const box = (await page.getByTestId('map-canvas').boundingBox())!;
const view = fitView(map.points, Math.floor(box.width), Math.floor(box.height));
const screenOf = (p: { x: number; y: number }) => ({
  x: box.x + view.x + p.x * view.scale,
  y: box.y + view.y + p.y * view.scale,
});
const target = map.points[Math.floor(map.points.length / 2) + 10];
const start = screenOf(target);

const drag = await frames(page, async () => {
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let i = 1; i <= MOVES; i++) {
    await page.mouse.move(start.x + i, start.y + i / 2);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
  await page.mouse.up();
  // The frames after the release count too: the view or the map is redrawn once then.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
});
summary('drag a point', drag);

await page.getByRole('button', { name: 'Pan', exact: true }).click();
const pan = await frames(page, async () => {
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= MOVES; i++) {
    await page.mouse.move(from.x - i * 2, from.y - i);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
  await page.mouse.up();
  // The frames after the release count too: the view or the map is redrawn once then.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
});
summary('pan', pan);

await browser.close();
await server.close();
