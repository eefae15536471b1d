import type { FastifyInstance } from 'fastify';
import { keepClosedHours } from './closed-hours-cache.ts';
import { RollupService } from './rollup-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The analytics roll-up (modules/analytics/rollup-service.ts); the robots' ingest hands it every status. */
    analytics: RollupService;
  }
}

/** History rows are written this often, in one statement per thousand. */
const FLUSH_MS = 2000;
/** The robot-hours those rows touched are recomputed this often. */
const ROLLUP_MS = 30_000;

/** Starts the analytics roll-up; it writes what it holds when the server closes. Listed before the robots module, which feeds it. */
export async function startAnalytics(app: FastifyInstance) {
  if (app.dbKind === 'pglite') keepClosedHours(app.db);
  const service = new RollupService(app.db, app.log, app.faultGuard, {
    flushMs: FLUSH_MS,
    rollupMs: ROLLUP_MS,
    soleWriter: app.dbKind === 'pglite',
  });
  await service.start();
  app.decorate('analytics', service);
  app.addHook('onClose', () => service.stop());
}
