// What a robot's row write costs the database, with the table as the migrations leave it (no index
// on last_update, fillfactor 50: HOT updates) and as it was before (an index on connection and
// last_update, full pages). CPU time of the whole process (PGlite's worker included) per row,
// for batches of visible changes as the fleet writes them. It prints figures; it is not a test.
//
//   node --import tsx bench/fleet/row-writes.ts [--robots 5000] [--batch 250] [--batches 40]
//   BENCH_DATABASE_URL=postgres://… for PostgreSQL (CPU then is this process's only: the client's side)
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { newRobot } from '../../apps/server/src/modules/robots/live-state.ts';
import { upsertLiveRobots } from '../../apps/server/src/modules/robots/repository.ts';
import { freshPostgres } from '../../apps/server/test/support/postgres.ts';
import { machine } from '../support/stats.ts';

const { values } = parseArgs({
  options: {
    robots: { type: 'string', default: '5000' },
    batch: { type: 'string', default: '250' },
    batches: { type: 'string', default: '40' },
  },
});
const robots = Number(values.robots);
const batch = Number(values.batch);
const batches = Number(values.batches);

const dir = await mkdtemp(path.join(os.tmpdir(), 'rs-bench-rows-'));
const postgres = process.env.BENCH_DATABASE_URL
  ? await freshPostgres(process.env.BENCH_DATABASE_URL, 'railserve_bench_rows')
  : undefined;
const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir: dir });
const fleet = Array.from({ length: robots }, (_, i) => ({
  ...newRobot(`ROW-${String(i).padStart(5, '0')}`, new Date()),
  reportedName: `Robot ${i}`,
  lastTrackName: `Track ${1 + Math.floor(i / 20)}`,
  point: 1,
  state: 'idle' as const,
  battery: 80,
}));
for (let i = 0; i < robots; i += 1000) await upsertLiveRobots(database.db, fleet.slice(i, i + 1000));

let round = 0;
/** CPU µs per row over `batches` batches of robots with a new position and lastUpdate. */
async function perRow() {
  const start = process.cpuUsage();
  for (let k = 0; k < batches; k++, round++) {
    const rows = Array.from({ length: batch }, (_, j) => {
      const robot = fleet[(round * batch + j) % robots];
      return { ...robot, point: round, lastUpdate: new Date(Date.now() + round) };
    });
    await upsertLiveRobots(database.db, rows);
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / (batches * batch);
}

const figures: [string, number][] = [];
await perRow(); // warm-up
figures.push(['as migrated (HOT updates)', await perRow()]);
await database.pool.query('CREATE INDEX robots_connection_last_update_idx ON robots (connection, last_update)');
await database.pool.query('ALTER TABLE robots RESET (fillfactor)');
await database.pool.query('VACUUM FULL robots');
await perRow();
figures.push(['before: index on (connection, last_update), full pages', await perRow()]);

console.log(`machine: ${machine()}; ${database.kind}, ${robots} robots, batches of ${batch}`);
console.log('| table | CPU µs per row written |');
console.log('|---|---|');
for (const [label, us] of figures) console.log(`| ${label} | ${us.toFixed(0)} |`);
await database.close();
await postgres?.drop();
await rm(dir, { recursive: true, force: true });
