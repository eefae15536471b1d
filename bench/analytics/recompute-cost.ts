/**
 * One roll-up of a fleet's current hour, alone: 2,000 idle robots (a keep-alive row a minute,
 * a few alarms) with raw history from an hour before the hour to `--minute` minutes into it, on
 * embedded PGlite (on disk) or PostgreSQL; every robot's hour recomputed as the roll-up does
 * (`--batch` robots a transaction, in the order heard), `--runs` times, each a minute of history later. Prints the
 * process's CPU (every thread: PGlite's worker included) and wall time per roll-up, the
 * statements of the last one (`--statements`), and a digest of every rollup table, so two
 * versions of the roll-up can be compared on the same raw history. Not a test.
 *
 *   npx tsx bench/analytics/recompute-cost.ts [--db pglite|postgres] [--robots 2000] [--minute 30] [--runs 3] [--batch 1000] [--statements] [--full] [--count] [--day-hours 0]
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { tellOwnWrites } from '../../apps/server/src/modules/analytics/own-writes.ts';
import { newRecomputeMemory } from '../../apps/server/src/modules/analytics/recompute-reads.ts';
import { HOUR_MS } from '../../apps/server/src/modules/analytics/rollup.ts';
import { recomputeHours } from '../../apps/server/src/modules/analytics/rollup-repository.ts';
import { insertChanges, insertRobotHours } from '../../apps/server/src/modules/analytics/rollup-writes.ts';
import { refreshRobotDays, refreshTrackSummaries } from '../../apps/server/src/modules/analytics/summary-repository.ts';
import type { TrackedChange } from '../../apps/server/src/modules/analytics/tracker.ts';
import { freshPostgres, LOCAL_POSTGRES_URL } from '../../apps/server/test/support/postgres.ts';
import { cpuSeconds } from '../fleet/proc-stats.ts';
import { machine } from '../support/stats.ts';
import { watchStatements } from './statements.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    robots: { type: 'string', default: '2000' },
    minute: { type: 'string', default: '30' },
    runs: { type: 'string', default: '3' },
    statements: { type: 'boolean', default: false },
    full: { type: 'boolean', default: false },
    count: { type: 'boolean', default: false },
    'day-hours': { type: 'string', default: '0' },
    batch: { type: 'string', default: '1000' },
  },
});
const ROBOTS = Number(args.robots);
const BATCH = Number(args.batch);
const H = Date.parse('2026-11-02T10:00:00Z');
const MINUTE = 60_000;

console.log(`# One roll-up of ${ROBOTS} robots' current hour (${args.db})`);
console.log(
  `machine: ${machine()}; load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

const dir = await mkdtemp(path.join(os.tmpdir(), 'rs-bench-recompute-'));
const postgres = args.db === 'postgres' ? await freshPostgres(LOCAL_POSTGRES_URL, 'railserve_bench_recompute') : undefined;
const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir: dir });
const db = database.db;
const sns = Array.from({ length: ROBOTS }, (_, i) => `R-${String(i + 1).padStart(4, '0')}`);

// Deterministic pseudo-random alarms: about two per robot per hour, each a minute long.
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
function rowsOf(minute: number): TrackedChange[] {
  return sns.flatMap((sn, i) => {
    const at = H + minute * MINUTE + ((i * 37) % 60) * 1000;
    const alarm = random() < 2 / 60;
    return [
      {
        sn,
        at,
        online: true,
        state: alarm ? 'alarm' : 'idle',
        trackId: Math.floor(i / 20) + 1,
        point: 1,
        target: null,
        alarms: alarm ? ['imu_stuck'] : [],
      },
    ];
  });
}

for (let m = -60; m < Number(args.minute); m++) await insertChanges(db, rowsOf(m));
// `--day-hours`: the robots were online (idle) that many whole hours earlier today (up to 10: from 00:00 UTC),
// rolled up, so the day's rows hold more than the current hour.
const dayHours = Math.min(10, Number(args['day-hours']));
if (dayHours > 0) {
  const hour = (h: number, i: number) => ({
    sn: sns[i],
    hour: h,
    trackId: Math.floor(i / 20) + 1,
    onlineMs: HOUR_MS,
    ms: { busy: 0, idle: HOUR_MS, charging: 0, sleep: 0, alarm: 0, other: 0 },
    availableMs: HOUR_MS,
    distance: 0,
    unknownPoints: 0,
    chargeCycles: 0,
  });
  for (let h = H - dayHours * HOUR_MS; h < H; h += HOUR_MS)
    await insertRobotHours(
      db,
      sns.map((_, i) => hour(h, i)),
    );
  await refreshRobotDays(db, null, { from: H - dayHours * HOUR_MS, to: H });
  await refreshTrackSummaries(db, { from: H - dayHours * HOUR_MS, to: H });
}

// The roll-up's memory of where each robot's last recompute stood, as the service keeps it; `--full`: none.
// On PGlite, as the service does, it is told of every raw row written (own-writes.ts); `--count`: not.
const memory = args.full ? undefined : newRecomputeMemory();
if (memory && args.db === 'pglite' && !args.count) tellOwnWrites(db, memory);
console.log(
  memory?.ownWrites
    ? 'checkpoints, told of every raw row written'
    : memory
      ? 'checkpoints, rows before them counted'
      : 'no checkpoints',
);
const downtimeAlarms = new Set(['imu_stuck']);
// The roll-up marks robots in the order their rows were written, which is not the tracks' order.
const heard = sns
  .map((sn, i) => ({ sn, key: (i * 7919) % sns.length }))
  .sort((a, b) => a.key - b.key)
  .map((r) => r.sn);
async function rollUp(now: number) {
  for (let i = 0; i < heard.length; i += BATCH)
    await recomputeHours(db, heard.slice(i, i + BATCH), { from: H, to: H + HOUR_MS }, { downtimeAlarms, now, memory });
}

const runs = Number(args.runs);
for (let run = 0; run < runs; run++) {
  const minute = Number(args.minute) + run;
  await insertChanges(db, rowsOf(minute));
  const watch = args.statements && run === runs - 1 ? watchStatements() : undefined;
  const cpu0 = cpuSeconds(process.pid);
  const t0 = performance.now();
  await rollUp(H + (minute + 1) * MINUTE);
  const wall = performance.now() - t0;
  const cpu = cpuSeconds(process.pid) - cpu0;
  console.log(
    `roll-up at minute ${minute + 1}: ${(cpu * 1000).toFixed(0)} ms CPU, ${wall.toFixed(0)} ms wall (load ${os.loadavg()[0].toFixed(2)})`,
  );
  watch?.print('statements of the last roll-up');
}

for (const table of [
  'analytics_robot_hours order by sn, hour, track_id',
  'analytics_delivery_hours order by sn, hour, track_id, target',
  'analytics_robot_days order by sn, day, track_id',
  'analytics_track_hours order by track_id, hour',
  'analytics_track_delivery_hours order by track_id, hour',
  'analytics_target_days order by track_id, day, target',
]) {
  const rows = (await db.execute(sql.raw(`select * from ${table}`))).rows;
  const digest = createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 16);
  console.log(`${table.split(' ')[0]}: ${rows.length} rows, digest ${digest}`);
}
await database.close();
await postgres?.drop();
await rm(dir, { recursive: true, force: true });
process.exit(0);
