import { AUDIT_RETENTION_DAYS, type AuditCleanupResult } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { deleteAuditRecordsBefore, findAuditRecord, vacuumAuditRecords } from './repository.ts';

const DAY_MS = 24 * 3600 * 1000;

export async function getAuditRecord(db: Database, id: number) {
  const record = await findAuditRecord(db, id);
  if (!record) throw notFound('Audit record');
  return record;
}

/** Removes the records older than the retention (spec section 9: 90 days). */
export async function cleanupAuditRecords(db: Database, now = new Date()): Promise<AuditCleanupResult> {
  const before = new Date(now.getTime() - AUDIT_RETENTION_DAYS * DAY_MS);
  const removed = await deleteAuditRecordsBefore(db, before);
  return { removed, before: before.toISOString() };
}

/**
 * One scheduled run: removes what is past the retention, then VACUUM ANALYZE (the maintenance
 * PGlite, a single backend without autovacuum, never runs by itself). A run that removed records
 * leaves its own audit record (type system, no user), so the trail shows where history went.
 */
export async function scheduledAuditCleanup(app: FastifyInstance) {
  const started = Date.now();
  try {
    const { removed, before } = await cleanupAuditRecords(app.db);
    await vacuumAuditRecords(app.db);
    if (removed === 0) return;
    app.log.info({ removed, before }, 'audit: removed records past the retention');
    app.audit.record({
      type: 'system',
      username: null,
      target: 'audit/cleanup',
      description: `Scheduled cleanup of audit records older than ${AUDIT_RETENTION_DAYS} days`,
      result: 'success',
      responseData: { removed, before },
      durationMs: Date.now() - started,
      affectedRows: removed,
    });
  } catch (error) {
    app.log.error({ err: error }, 'audit: scheduled cleanup failed');
  }
}

/** The daily cleanup: a minute after start, then every 24 hours. */
export function startAuditCleanup(app: FastifyInstance) {
  const first = setTimeout(() => void scheduledAuditCleanup(app), 60_000);
  const daily = setInterval(() => void scheduledAuditCleanup(app), DAY_MS);
  first.unref();
  daily.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(daily);
  });
}
