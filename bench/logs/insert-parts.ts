/**
 * Where the writer's batch insert spends its time: rows/s of `insertLogRows` (1,000-row batches
 * into an emptied table) with the delivery key as the ingest makes it (`deliveryKeyOf`: it starts
 * with the time the message was sent), with the digest alone it was before (random), with none,
 * and without the message's trigram index; the variants alternate in rounds so that a machine's
 * drift falls on all alike. A figure for choosing what to change next (docs/benchmarks.md), not a test.
 *
 *   npx tsx bench/logs/insert-parts.ts [--db pglite|postgres] [--rows 100000] [--rounds 2] [--filled-with 0]
 *     [--variants "random key,ordered key,no key,no message trigram index"]
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { deliveryKeyOf } from '../../apps/server/src/modules/logs/delivery-key.ts';
import { insertLogRows, type NamedLogRow } from '../../apps/server/src/modules/logs/repository.ts';
import { freshPostgres, LOCAL_POSTGRES_URL } from '../../apps/server/test/support/postgres.ts';
import { writerRowAt } from './messages.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    rows: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '2' },
    variants: { type: 'string', default: 'random key,ordered key,no key,no message trigram index' },
    'filled-with': { type: 'string', default: '0' },
    'postgres-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? LOCAL_POSTGRES_URL },
  },
});
const total = Number(args.rows);
const postgres = args.db === 'postgres' ? await freshPostgres(args['postgres-url'], 'railserve_bench_parts') : undefined;
const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : {});
const { db } = database;
const VARIANTS = ['random key', 'ordered key', 'no key', 'no message trigram index'] as const;
type Variant = (typeof VARIANTS)[number];

const uuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
let round = 0;
function keyOf(variant: Variant, i: number) {
  if (variant === 'no key') return null;
  const payload = Buffer.from(`${round}:${i}`);
  if (variant === 'random key') return uuid(createHash('md5').update(payload).digest('hex'));
  return deliveryKeyOf('hcpro4/logs/robot', payload, new Date(Date.now() + i).toISOString());
}
const rowAt = (i: number, variant: Variant): NamedLogRow => ({ ...writerRowAt(i), deliveryKey: keyOf(variant, i) });

const insert = async (from: number, to: number, variant: Variant) => {
  for (let first = from; first < to; first += 1000)
    await insertLogRows(
      db,
      Array.from({ length: Math.min(1000, to - first) }, (_, i) => rowAt(first + i, variant)),
    );
};

/** With `--filled-with N`, the table first holds N rows of the variant's own keys (not timed), as a site's table of months does. */
async function rowsPerSecond(variant: Variant) {
  await db.execute(sql`TRUNCATE logs`);
  if (variant === 'no message trigram index') await db.execute(sql`DROP INDEX IF EXISTS logs_message_trgm_idx`);
  else await db.execute(sql`CREATE INDEX IF NOT EXISTS logs_message_trgm_idx ON logs USING gin (message gin_trgm_ops)`);
  const filled = Number(args['filled-with']);
  await insert(0, filled, variant);
  if (filled > 0) await db.execute(sql`VACUUM ANALYZE logs`);
  const started = performance.now();
  await insert(filled, filled + total, variant);
  return total / ((performance.now() - started) / 1000);
}

try {
  const chosen = String(args.variants).split(',') as Variant[];
  if (chosen.some((v) => !VARIANTS.includes(v))) throw new Error(`--variants: some of ${VARIANTS.join(', ')}`);
  console.log(
    `# insertLogRows, ${total.toLocaleString('en-US')} rows a round into ${Number(args['filled-with']).toLocaleString('en-US')}, ${args.db}`,
  );
  for (round = 1; round <= Number(args.rounds); round++)
    for (const variant of chosen) {
      const load = os.loadavg()[0].toFixed(1);
      console.log(
        `round ${round} ${variant}: ${Math.round(await rowsPerSecond(variant)).toLocaleString('en-US')} rows/s (load ${load})`,
      );
    }
} finally {
  await database.close();
  await postgres?.drop();
}
