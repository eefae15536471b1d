import { performance } from 'node:perf_hooks';
import { vacuumLogs } from '../../apps/server/src/modules/logs/repository.ts';
import { purgeExpiredLogs } from '../../apps/server/src/modules/logs/service.ts';
import type { BenchServer } from '../support/bench-server.ts';
import { SPAN_DAYS } from './fill.ts';

/** The daily retention run as it happens in production: the oldest day falls out of the window. */
export async function purgeOldestDay(bench: BenchServer, endAt: Date) {
  const retentionDays = SPAN_DAYS - 1;
  const started = performance.now();
  const removed = await purgeExpiredLogs(bench.server.db, retentionDays, endAt.getTime());
  const seconds = (performance.now() - started) / 1000;
  // What the daily job runs next on PGlite (PostgreSQL's autovacuum does it there).
  const vacuumStarted = performance.now();
  await vacuumLogs(bench.server.db);
  return { removed, seconds, vacuumSeconds: (performance.now() - vacuumStarted) / 1000 };
}
