import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import type { BenchServer } from '../support/bench-server.ts';

const maxId = async (bench: BenchServer) => {
  const { rows } = await bench.database.pool.query<{ id: string | null }>('SELECT max(id)::text AS id FROM logs');
  return Number(rows[0].id ?? 0);
};

/**
 * Records per second from the first publish until the last record is in the table: robots on
 * a worker thread publish over the embedded broker, the server validates and writes in batches.
 * Progress is read from max(id) (the primary key answers it at once; count(*) would not).
 */
export async function measureIngest(bench: BenchServer, messages: number, robots = 20, window = 50) {
  const before = await maxId(bench);
  const started = performance.now();
  const worker = new Worker(new URL('./publishers.mjs', import.meta.url), {
    workerData: { url: bench.brokerUrl, deviceKey: bench.secrets.deviceKey, robots, messages, window },
  });
  const published = new Promise<{ published: number; seconds: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  let stored = 0;
  for (;;) {
    stored = (await maxId(bench)) - before;
    if (stored >= messages) break;
    if (performance.now() - started > 30 * 60_000) throw new Error(`ingest stalled at ${stored} of ${messages}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  const publish = await published;
  await worker.terminate();
  await bench.server.db.execute(sql`SELECT 1`);
  return { messages, robots, seconds, perSecond: messages / seconds, publishSeconds: publish.seconds };
}
