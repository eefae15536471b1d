import type { AuditRecord } from '@railserve/protocol';
import { desc } from 'drizzle-orm';
import { auditRecords } from '../../src/db/schema/audit.ts';
import { findAuditRecord } from '../../src/modules/audit/repository.ts';
import type { TestApp } from '../helper.ts';

/**
 * The audit records written so far, newest first. The hook queues records after the answer is
 * sent, so this waits for the queue before reading.
 */
export async function auditTrail(app: TestApp): Promise<AuditRecord[]> {
  await new Promise((resolve) => setImmediate(resolve));
  await app.audit.flush();
  const ids = await app.db.select({ id: auditRecords.id }).from(auditRecords).orderBy(desc(auditRecords.id));
  const records = await Promise.all(ids.map(({ id }) => findAuditRecord(app.db, id)));
  return records.filter((r): r is AuditRecord => r !== undefined);
}

/** The newest record matching `where`; fails the test when there is none. */
export async function lastAudit(app: TestApp, where: (record: AuditRecord) => boolean): Promise<AuditRecord> {
  const found = (await auditTrail(app)).find(where);
  if (!found) throw new Error('no matching audit record');
  return found;
}

/** Inserts records dated `daysAgo` days in the past, as if the log had been running that long. */
export async function seedAuditRecords(app: TestApp, daysAgo: number[], target = 'seeded') {
  const now = Date.now();
  await app.db.insert(auditRecords).values(
    daysAgo.map((days) => ({
      time: new Date(now - days * 24 * 3600 * 1000),
      type: 'update',
      username: 'seed_user',
      target,
      description: `seeded ${days} days ago`,
      result: 'success',
    })),
  );
}
