import type { AlarmSeverity, AlarmWebhook, AlarmWebhookAttempt, AlarmWebhookEvent } from '@railserve/protocol';
import { and, asc, count, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { alarmWebhookAttempts, alarmWebhookDeliveries, alarmWebhooks } from '../../db/schema/alarm-notify.ts';

type WebhookRow = typeof alarmWebhooks.$inferSelect;
/** The database or a transaction of it. */
type Db = Database | Parameters<Parameters<Database['transaction']>[0]>[0];
export type DeliveryRow = typeof alarmWebhookDeliveries.$inferSelect;

/** Attempts the delivery log keeps per webhook; older ones go as new ones come. */
export const ATTEMPTS_KEPT = 200;

/** The wire webhook: never its secret. */
export const toWebhook = (row: WebhookRow): AlarmWebhook => ({
  id: row.id,
  url: row.url,
  severities: row.severities as AlarmSeverity[],
  events: row.events as AlarmWebhookEvent[],
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
});

export const allWebhooks = (db: Db) => db.select().from(alarmWebhooks).orderBy(asc(alarmWebhooks.id));

export async function webhookCount(db: Database) {
  const [{ n }] = await db.select({ n: count() }).from(alarmWebhooks);
  return n;
}

export async function findWebhook(db: Database, id: number) {
  const [row] = await db.select().from(alarmWebhooks).where(eq(alarmWebhooks.id, id));
  return row;
}

export async function insertWebhook(db: Database, values: typeof alarmWebhooks.$inferInsert) {
  const [row] = await db.insert(alarmWebhooks).values(values).returning();
  return row;
}

export async function deleteWebhook(db: Database, id: number) {
  const removed = await db.delete(alarmWebhooks).where(eq(alarmWebhooks.id, id)).returning({ id: alarmWebhooks.id });
  return removed.length > 0;
}

export async function attemptsOf(db: Database, webhookId: number): Promise<AlarmWebhookAttempt[]> {
  const rows = await db
    .select()
    .from(alarmWebhookAttempts)
    .where(eq(alarmWebhookAttempts.webhookId, webhookId))
    .orderBy(desc(alarmWebhookAttempts.id))
    .limit(ATTEMPTS_KEPT);
  return rows.map((row) => ({
    id: row.id,
    deliveryId: row.deliveryId,
    event: row.event as AlarmWebhookEvent,
    alarmId: row.alarmId,
    attempt: row.attempt,
    at: row.at.toISOString(),
    ok: row.statusCode !== null && row.error === null,
    statusCode: row.statusCode,
    error: row.error,
    durationMs: row.durationMs,
    willRetry: row.willRetry,
  }));
}

export async function enqueue(db: Db, rows: (typeof alarmWebhookDeliveries.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(alarmWebhookDeliveries).values(rows);
}

/**
 * Claims up to `limit` pending deliveries that are due: one conditional UPDATE moves their next
 * attempt `leaseMs` ahead and counts the attempt, so another instance's claim at the same moment
 * finds them no longer due. A claimer that dies leaves them to be taken again after the lease.
 */
export function claimDue(db: Database, now: Date, leaseMs: number, limit: number) {
  const due = and(eq(alarmWebhookDeliveries.status, 'pending'), lte(alarmWebhookDeliveries.nextAttemptAt, now));
  const ids = db
    .select({ id: alarmWebhookDeliveries.id })
    .from(alarmWebhookDeliveries)
    .where(due)
    .orderBy(asc(alarmWebhookDeliveries.nextAttemptAt))
    .limit(limit);
  return db
    .update(alarmWebhookDeliveries)
    .set({ attempts: sql`${alarmWebhookDeliveries.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(and(inArray(alarmWebhookDeliveries.id, ids), due))
    .returning();
}

export type AttemptRecord = {
  delivery: DeliveryRow;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** null: delivered or given up. */
  retryAt: Date | null;
  ok: boolean;
};

/** Writes an attempt to the log, settles or reschedules its delivery, and trims the webhook's log. */
export async function recordAttempt(db: Database, a: AttemptRecord) {
  const { delivery } = a;
  await db.insert(alarmWebhookAttempts).values({
    webhookId: delivery.webhookId,
    deliveryId: delivery.id,
    event: delivery.event,
    alarmId: delivery.alarmId,
    attempt: delivery.attempts,
    statusCode: a.statusCode,
    error: a.error,
    durationMs: a.durationMs,
    willRetry: a.retryAt !== null,
  });
  await db
    .update(alarmWebhookDeliveries)
    .set(a.retryAt ? { nextAttemptAt: a.retryAt } : { status: a.ok ? 'delivered' : 'failed' })
    .where(eq(alarmWebhookDeliveries.id, delivery.id));
  const [keep] = await db
    .select({ id: alarmWebhookAttempts.id })
    .from(alarmWebhookAttempts)
    .where(eq(alarmWebhookAttempts.webhookId, delivery.webhookId))
    .orderBy(desc(alarmWebhookAttempts.id))
    .offset(ATTEMPTS_KEPT - 1)
    .limit(1);
  if (keep)
    await db
      .delete(alarmWebhookAttempts)
      .where(and(eq(alarmWebhookAttempts.webhookId, delivery.webhookId), lt(alarmWebhookAttempts.id, keep.id)));
}

/** Settled deliveries older than a day go (their attempts stay in the log, which is bounded on its own). */
export async function purgeSettledDeliveries(db: Database, now: Date) {
  await db
    .delete(alarmWebhookDeliveries)
    .where(
      and(
        inArray(alarmWebhookDeliveries.status, ['delivered', 'failed']),
        lt(alarmWebhookDeliveries.createdAt, new Date(now.getTime() - 86_400_000)),
      ),
    );
}
