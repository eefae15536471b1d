import { performance } from 'node:perf_hooks';
import { startBenchServer } from '../support/bench-server.ts';
import { machine, ms, summary } from '../support/stats.ts';

/**
 * What the audit hook adds to a typical write: `PUT /users/:id` (edit a nickname), measured on
 * one app with the hook on and off in alternating blocks, so both see the same database state,
 * warm-up and machine load. With the hook on, each request also reads the old values (the users
 * loader) and queues a record that the batch writer inserts every 200 ms.
 *
 *   npx tsx bench/audit/hook-cost.ts            # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/audit/hook-cost.ts
 */
const BLOCKS = Number(process.env.BLOCKS ?? 20);
const PER_BLOCK = Number(process.env.PER_BLOCK ?? 100);

const { server, headers, database } = await startBenchServer({
  name: 'audit',
  database: process.env.BENCH_DATABASE_URL ? { postgresUrl: process.env.BENCH_DATABASE_URL } : 'memory',
  listen: false,
});
const created = await server.inject({
  method: 'POST',
  url: '/api/v1/users',
  headers,
  payload: { username: 'bench_target', nickname: 'start', password: 'bench-pw-1', permission: 3 },
});
const id = created.json().data.id;
let serial = 0;

async function edit() {
  const started = performance.now();
  const res = await server.inject({
    method: 'PUT',
    url: `/api/v1/users/${id}`,
    headers: { ...headers, 'user-agent': 'bench/1.0' },
    payload: { nickname: `nick-${++serial}` },
  });
  const elapsed = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`edit failed: ${res.body}`);
  return elapsed;
}

const samples = { on: [] as number[], off: [] as number[] };
for (let i = 0; i < 200; i++) await edit(); // warm-up
for (let block = 0; block < BLOCKS * 2; block++) {
  const mode = block % 2 === 0 ? 'on' : 'off';
  server.audit.enabled = mode === 'on';
  for (let i = 0; i < PER_BLOCK; i++) samples[mode].push(await edit());
  await server.audit.flush();
}
server.audit.enabled = true;

const on = summary(samples.on);
const off = summary(samples.off);
console.log(`audit hook cost on PUT /api/v1/users/:id (${database.kind}, ${on.count} requests each, via inject)`);
console.log(`  machine: ${machine()}`);
console.log(`  without hook: median ${ms(off.median)}, p95 ${ms(off.p95)}`);
console.log(`  with hook:    median ${ms(on.median)}, p95 ${ms(on.p95)}`);
console.log(`  added:        median ${ms(on.median - off.median)}, p95 ${ms(on.p95 - off.p95)}`);
await server.close();
