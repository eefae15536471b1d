/**
 * The writer's batch insert with and without the search text (docs/benchmarks.md, "Free text in
 * both languages"): rows/s of 1,000-row `INSERT … SELECT FROM unnest` batches into an empty table,
 * rounds of each alternating so that a shared machine's load drifts over both alike.
 * "before" is the statement as it was (no search_text, no index on it); "after" is the writer's own
 * (`insertLogRows`: the search text of each record worked out, and its trigram index).
 *
 *   npx tsx bench/logs/measure-writer.ts --db pglite|postgres [--rows 50000] [--rounds 3]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { insertLogRows, type LogRow } from '../../apps/server/src/modules/logs/repository.ts';
import { freshPostgres, LOCAL_POSTGRES_URL } from '../../apps/server/test/support/postgres.ts';
import { writerRowAt } from './messages.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    rows: { type: 'string', default: '50000' },
    rounds: { type: 'string', default: '3' },
    'postgres-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? LOCAL_POSTGRES_URL },
  },
});
const total = Number(args.rows);
const postgres = args.db === 'postgres' ? await freshPostgres(args['postgres-url'], 'railserve_bench_writer') : undefined;
const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : {});
const { db } = database;

async function insertBefore(rows: LogRow[]) {
  const column = <K extends keyof LogRow>(key: K) => sql.param(rows.map((r) => r[key] ?? null));
  await db.execute(sql`
    INSERT INTO logs (time, source, level, type, message, track_id, robot_sn, track_name, robot_name, device_time, sender)
    SELECT * FROM unnest(
      ${column('time')}::timestamptz[], ${column('source')}::varchar[], ${column('level')}::varchar[],
      ${column('type')}::varchar[], ${column('message')}::text[], ${column('trackId')}::int[],
      ${column('robotSn')}::varchar[], ${column('trackName')}::varchar[], ${column('robotName')}::varchar[],
      ${column('deviceTime')}::timestamptz[], ${column('sender')}::varchar[])`);
}

async function round(kind: 'before' | 'after') {
  await db.execute(sql`TRUNCATE logs`);
  if (kind === 'before') await db.execute(sql`DROP INDEX IF EXISTS logs_search_text_trgm_idx`);
  else await db.execute(sql`CREATE INDEX IF NOT EXISTS logs_search_text_trgm_idx ON logs USING gin (search_text gin_trgm_ops)`);
  const started = performance.now();
  for (let first = 0; first < total; first += 1000) {
    const rows = Array.from({ length: Math.min(1000, total - first) }, (_, i) => writerRowAt(first + i));
    await (kind === 'before' ? insertBefore(rows) : insertLogRows(db, rows));
  }
  return total / ((performance.now() - started) / 1000);
}

try {
  console.log(`# writer batch insert, ${total.toLocaleString('en-US')} rows per round, ${args.db}`);
  for (let r = 0; r < Number(args.rounds); r++) {
    for (const kind of ['before', 'after'] as const) {
      const load = (await import('node:os')).loadavg()[0].toFixed(1);
      console.log(`round ${r + 1} ${kind}: ${Math.round(await round(kind)).toLocaleString('en-US')} rows/s (load ${load})`);
    }
  }
} finally {
  await database.close();
  await postgres?.drop();
}
