import type { FastifyInstance } from 'fastify';
import { ingestLogsFromBroker } from './ingest.ts';
import { vacuumLogs } from './repository.ts';
import { runSearchBackfill } from './search-backfill.ts';
import { purgeExpiredLogs } from './service.ts';
import { createEventLog } from './writer.ts';

const DAY_MS = 86_400_000;
/** The first retention run waits until the start is over. */
const FIRST_PURGE_DELAY_MS = 60_000;

/**
 * The logs service, first in the services list: it decorates `app.eventLog` for the modules
 * that start after it, ingests the broker's log topics, runs retention once a day (and, on
 * the embedded database, the vacuum PostgreSQL would run by itself), and fills the search text of
 * records written before it existed.
 */
export function startLogService(app: FastifyInstance) {
  // PostgreSQL writes a burst two batches at a time: one at a time, it sat idle between them while
  // the server built the next (docs/benchmarks.md, "Log rate beside a live fleet").
  // On the embedded database's one connection, a request's reads go before the next batch.
  const eventLog = createEventLog(app.db, app.log, app.faultGuard, app.dbKind === 'postgres' ? 2 : 1, app.dbBackgroundTurn);
  app.decorate('eventLog', eventLog);
  ingestLogsFromBroker(app);

  const purge = async () => {
    try {
      const removed = await purgeExpiredLogs(app.db, app.config.logRetentionDays);
      if (removed > 0) app.log.info({ removed, retentionDays: app.config.logRetentionDays }, 'expired log records removed');
      // PostgreSQL's autovacuum does this by itself; the embedded database has none.
      if (app.dbKind === 'pglite') await vacuumLogs(app.db);
    } catch (error) {
      app.log.error({ err: error }, 'removing expired log records failed');
    }
  };
  let daily: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void purge();
    daily = setInterval(() => void purge(), DAY_MS).unref();
  }, FIRST_PURGE_DELAY_MS).unref();

  // Records from before the search text existed get theirs in the background, newest first.
  const backfill = runSearchBackfill(app.db, (error) =>
    app.log.error({ err: error }, 'filling the search text of older log records failed'),
  );
  let closing = false;
  void backfill.done.then(async (read) => {
    if (read === 0 || closing) return;
    app.log.info({ read }, 'search text of older log records filled');
    if (app.dbKind === 'pglite')
      await vacuumLogs(app.db).catch((error) => app.log.error({ err: error }, 'vacuum after the search text fill failed'));
  });

  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(daily);
    closing = true;
    backfill.stop();
    await backfill.done;
    await eventLog.close();
  });
}
