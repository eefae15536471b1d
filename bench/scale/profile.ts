// Where the console's main thread spends its time with a simulated fleet: the embedded server and
// N robots at 1 Hz (bench/fleet's processes), one screen open in headless Chromium, then a
// 10-second CPU profile of the page, printed as the functions with the most time of their own
// (with --inclusive, with what they call); with --allocations, what the page allocated instead;
// with --trace, a Chromium trace of the same stretch instead, printed as the renderer main
// thread's time by kind of work (script, style, layout, paint, messages...), JavaScript included.
// A tool for finding what to make cheaper; bench/scale/run.ts measures the goals.
//
//   npm run build:web
//   node --import tsx bench/scale/profile.ts --robots 1000 --screen robots [--trace] [--mode cluster]
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { startFleet } from '../support/children.ts';
import { startCluster } from './cluster.ts';
import { mainThreadSeconds } from './page-watch.ts';

const { values } = parseArgs({
  options: {
    // `cluster`: Mosquitto, PostgreSQL and two server instances, as bench/scale/run.ts starts them.
    mode: { type: 'string', default: 'embedded' },
    robots: { type: 'string', default: '1000' },
    screen: { type: 'string', default: 'robots' },
    seconds: { type: 'string', default: '10' },
    top: { type: 'string', default: '30' },
    trace: { type: 'boolean', default: false },
    // The robots screen with the whole fleet listed, as the extra consoles of bench/scale/run.ts show it.
    all: { type: 'boolean', default: false },
    // Each function's time with what it calls (once per stack, however deep it recurses), not its own.
    inclusive: { type: 'boolean', default: false },
    // Who calls the functions whose name starts with this text, with the time spent in them from each caller.
    callers: { type: 'string' },
    // Also writes the raw CPU profile (a .cpuprofile) or trace to this file; Chromium's DevTools opens both.
    save: { type: 'string' },
    // What the page allocates instead (V8's sampling heap profiler): bytes by allocating function.
    allocations: { type: 'boolean', default: false },
  },
});

// The browser first: a missing Chromium must not leave a fleet running.
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const robots = Number(values.robots);
const fleet = await (values.mode === 'cluster' ? startCluster(robots, 1000) : startFleet(robots, 1000)).catch(async (error) => {
  await browser.close();
  throw error;
});
try {
  const context = await browser.newContext({ baseURL: fleet.ready.baseUrl, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(`localStorage.setItem('railserve.token', ${JSON.stringify(fleet.ready.token)})`);
  const page = await context.newPage();
  // The robots screen filtered to one robot, as bench/scale/run.ts measures it (or all of them).
  const robotsPath = values.all ? '/robots' : `/robots?q=${fleet.sns[0]}`;
  await page.goto(values.screen === 'robots' ? robotsPath : `/${values.screen}`);
  await page
    .getByText(/^(已連線|Connected)$/)
    .first()
    .waitFor({ timeout: 60_000 });
  await new Promise((r) => setTimeout(r, 8000));
  // What the page asked the server for during the window: a list read again and again is work too.
  const requests = new Map<string, number>();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    requests.set(path, (requests.get(path) ?? 0) + 1);
  });
  if (values.trace) await traceMainThread(context, page);
  else if (values.allocations) await profileAllocations(context, page);
  else await profileScript(context, page);
  console.log(`requests in the window: ${[...requests].map(([path, n]) => `${path} ${n}`).join(', ') || 'none'}`);
} finally {
  await browser.close();
  await fleet.stop();
}

async function traceMainThread(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const before = await mainThreadSeconds(cdp);
  // A saved trace also holds every thread's JavaScript samples (the broker worker's included).
  const samples = values.save ? ['disabled-by-default-v8.cpu_profiler'] : [];
  await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel', 'v8.execute', ...samples] });
  await new Promise((r) => setTimeout(r, Number(values.seconds) * 1000));
  const buffer = await browser.stopTracing();
  if (values.save) writeFileSync(values.save, buffer);
  const after = await mainThreadSeconds(cdp);
  console.log(
    `Chromium's TaskDuration over the same stretch: ${(((after - before) / Number(values.seconds)) * 100).toFixed(1)} %`,
  );
  printMainThread(buffer, Number(values.seconds), Number(values.top));
}

async function profileScript(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await new Promise((r) => setTimeout(r, Number(values.seconds) * 1000));
  const { profile } = await cdp.send('Profiler.stop');
  if (values.save) writeFileSync(values.save, JSON.stringify(profile));
  const heap = await cdp.send('Runtime.getHeapUsage');
  console.log(`JS heap: ${(heap.usedSize / 1e6).toFixed(1)} MB used of ${(heap.totalSize / 1e6).toFixed(1)} MB`);

  const timeOf = new Map<number, number>();
  for (const [i, id] of (profile.samples ?? []).entries()) timeOf.set(id, (timeOf.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0));
  const keyOf = new Map<number, string>();
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) {
    keyOf.set(node.id, frameName(node.callFrame));
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  }
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = (timeOf.get(node.id) ?? 0) / 1000;
    const key = keyOf.get(node.id)!;
    self.set(key, (self.get(key) ?? 0) + ms);
    const stack = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parentOf.get(id)) stack.add(keyOf.get(id)!);
    for (const caller of stack) total.set(caller, (total.get(caller) ?? 0) + ms);
  }
  const idle = new Set(['(idle) :-1', '(program) :-1', '(root) :-1']);
  const busy = [...self].filter(([key]) => !idle.has(key)).reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`${values.robots} robots, ${values.screen}: JavaScript and GC ${Math.round(busy)} ms of ${values.seconds} s`);
  const shown = [...(values.inclusive ? total : self)].filter(([key]) => !idle.has(key));
  for (const [key, ms] of shown.sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
    console.log(`${String(Math.round(ms)).padStart(6)} ms  ${key}`);
  if (values.callers) printCallers(values.callers, profile.nodes, keyOf, parentOf, timeOf);
}

type CallFrame = { functionName: string; url: string; lineNumber: number };

/** A function as the profiles print it: its name, file and line. */
function frameName({ functionName, url, lineNumber }: CallFrame) {
  return `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}`;
}

type AllocationNode = {
  callFrame: CallFrame;
  selfSize: number;
  children: AllocationNode[];
};

/** Bytes the page allocated in the window (sampled, kept or not), by the function that allocated them, with its caller. */
async function profileAllocations(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  // Every 16 KB allocated, with what was collected since kept in the profile.
  await cdp.send('HeapProfiler.startSampling', {
    samplingInterval: 16_384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  await new Promise((r) => setTimeout(r, Number(values.seconds) * 1000));
  const { profile } = await cdp.send('HeapProfiler.stopSampling');
  const bytes = new Map<string, number>();
  const visit = (node: AllocationNode, caller: string) => {
    const key = `${frameName(node.callFrame)} ← ${caller}`;
    if (node.selfSize) bytes.set(key, (bytes.get(key) ?? 0) + node.selfSize);
    for (const child of node.children) visit(child, frameName(node.callFrame));
  };
  visit(profile.head as AllocationNode, '');
  const all = [...bytes.values()].reduce((sum, n) => sum + n, 0);
  console.log(`${values.robots} robots, ${values.screen}: ${(all / 1e6).toFixed(1)} MB allocated in ${values.seconds} s`);
  for (const [key, n] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
    console.log(`${(n / 1e6).toFixed(2).padStart(7)} MB  ${key}`);
}

/** The callers of the functions whose name starts with `name`: the time spent in them from each caller, with what they call. */
function printCallers(
  name: string,
  nodes: { id: number }[],
  keyOf: Map<number, string>,
  parentOf: Map<number, number>,
  timeOf: Map<number, number>,
) {
  const childrenOf = new Map<number, number[]>();
  for (const [child, parent] of parentOf) childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), child]);
  const within = (id: number): number =>
    (timeOf.get(id) ?? 0) + (childrenOf.get(id) ?? []).reduce((sum, c) => sum + within(c), 0);
  const byCaller = new Map<string, number>();
  for (const { id } of nodes) {
    const key = keyOf.get(id)!;
    const parent = parentOf.get(id);
    if (!key.startsWith(name) || parent === undefined || keyOf.get(parent)!.startsWith(name)) continue;
    const path = [parent, parentOf.get(parent)]
      .filter((p) => p !== undefined)
      .map((p) => keyOf.get(p!))
      .join(' ← ');
    byCaller.set(`${key} ← ${path}`, (byCaller.get(`${key} ← ${path}`) ?? 0) + within(id) / 1000);
  }
  console.log(`callers of ${name}:`);
  for (const [key, ms] of [...byCaller].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
    console.log(`${String(Math.round(ms)).padStart(6)} ms  ${key}`);
}

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string } };

/** Self time per event name on the page's main thread (CrRendererMain), nested events subtracted. */
function printMainThread(buffer: Buffer, seconds: number, top: number) {
  const events: TraceEvent[] = JSON.parse(buffer.toString('utf8')).traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) throw new Error('no CrRendererMain thread in the trace');
  const complete = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: TraceEvent[] = [];
  let tasks = 0;
  for (const event of complete) {
    while (stack.length && stack[stack.length - 1].ts + (stack[stack.length - 1].dur ?? 0) <= event.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - (event.dur ?? 0));
    else tasks += event.dur ?? 0;
    self.set(event.name, (self.get(event.name) ?? 0) + (event.dur ?? 0));
    stack.push(event);
  }
  console.log(`main thread: tasks ${(tasks / 1000).toFixed(0)} ms of ${seconds} s (${(tasks / (seconds * 1e4)).toFixed(1)} %)`);
  for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${String(Math.round(us / 1000)).padStart(6)} ms  ${name}`);
}
