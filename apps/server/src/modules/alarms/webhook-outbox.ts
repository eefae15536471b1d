import { ALARM_WEBHOOK_EVENTS, type AlarmWebhookEvent, type AlarmWebhookPayload } from '@railserve/protocol';
import { and, asc, count, eq, gt, inArray, lte, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { alarmEventCursor, alarmWebhookDeliveries, alarmWebhooks } from '../../db/schema/alarm-notify.ts';
import { alarmEvents, alarms as alarmsTable } from '../../db/schema/alarms.ts';
import { notifies } from './notifies.ts';
import * as repo from './repository.ts';
import { allWebhooks, enqueue } from './webhook-repository.ts';

const CURSOR = 'webhooks';
/** Timeline entries read per run (a storm of thousands of alarms is a few runs). */
const BATCH = 5000;
/** Deliveries one webhook may have waiting; past it, new events for it are dropped (a receiver down for long). */
export const PENDING_MAX = 5000;

const EVENT_KINDS = new Set<string>(ALARM_WEBHOOK_EVENTS);

/** Starts the cursor at the newest timeline entry: webhooks hear what happens from now on, not the history. */
export async function startCursor(db: Database) {
  const [{ last }] = await db.select({ last: max(alarmEvents.id) }).from(alarmEvents);
  await db
    .insert(alarmEventCursor)
    .values({ name: CURSOR, lastId: last ?? 0 })
    .onConflictDoNothing();
}

/**
 * Turns new timeline entries (raised, acknowledged, cleared, escalated, renotified) into
 * deliveries for the webhooks that want them (severity, event) when the alarm notifies
 * (notifies.ts). The timeline is the one record of what happened, whichever instance wrote it;
 * the entries are read in id order once they are `settleMs` old (an insert still being committed
 * is not passed by), and the cursor moves with a conditional UPDATE in the same transaction as the
 * deliveries, so exactly one instance turns each entry into deliveries. Answers the deliveries made.
 */
export async function enqueueWebhookEvents(
  db: Database,
  now: Date,
  settleMs: number,
  log?: { warn: (o: object, m: string) => void },
) {
  const settled = new Date(now.getTime() - settleMs);
  if (await passedWithoutWebhooks(db, settled)) return 0;
  return db.transaction(async (tx) => {
    const [cursor] = await tx.select().from(alarmEventCursor).where(eq(alarmEventCursor.name, CURSOR));
    if (!cursor) return 0;
    const entries = await tx
      .select({ id: alarmEvents.id, alarmId: alarmEvents.alarmId, kind: alarmEvents.kind })
      .from(alarmEvents)
      .where(and(gt(alarmEvents.id, cursor.lastId), lte(alarmEvents.time, settled)))
      .orderBy(asc(alarmEvents.id))
      .limit(BATCH);
    if (entries.length === 0) return 0;
    const claimed = await tx
      .update(alarmEventCursor)
      .set({ lastId: entries.at(-1)!.id })
      .where(and(eq(alarmEventCursor.name, CURSOR), eq(alarmEventCursor.lastId, cursor.lastId)))
      .returning();
    if (claimed.length === 0) return 0;
    const wanted = entries.filter((e) => EVENT_KINDS.has(e.kind));
    const hooks = await allWebhooks(tx);
    if (wanted.length === 0 || hooks.length === 0) return 0;
    const alarms = new Map(
      (
        await tx
          .select()
          .from(alarmsTable)
          .where(inArray(alarmsTable.id, [...new Set(wanted.map((e) => e.alarmId))]))
      ).map((row) => [row.id, repo.toAlarm(row)]),
    );
    const pending = new Map(
      (
        await tx
          .select({ webhookId: alarmWebhookDeliveries.webhookId, n: count() })
          .from(alarmWebhookDeliveries)
          .where(eq(alarmWebhookDeliveries.status, 'pending'))
          .groupBy(alarmWebhookDeliveries.webhookId)
      ).map((r) => [r.webhookId, r.n]),
    );
    const rows: (typeof alarmWebhookDeliveries.$inferInsert)[] = [];
    for (const entry of wanted) {
      const alarm = alarms.get(entry.alarmId);
      if (!alarm || !notifies(alarm)) continue;
      const event = entry.kind as AlarmWebhookEvent;
      for (const hook of hooks) {
        if (!hook.severities.includes(alarm.severity) || !hook.events.includes(event)) continue;
        const waiting = pending.get(hook.id) ?? 0;
        if (waiting >= PENDING_MAX) {
          log?.warn({ webhookId: hook.id }, 'an alarm webhook has too many deliveries waiting; this event is dropped');
          continue;
        }
        pending.set(hook.id, waiting + 1);
        // The delivery's own id is in the body: the row is written first, then its body.
        rows.push({ webhookId: hook.id, event, alarmId: alarm.id, body: JSON.stringify({ event, alarm }), nextAttemptAt: now });
      }
    }
    await enqueue(tx, rows);
    return rows.length;
  });
}

/**
 * With no webhook set up, the cursor moves past the settled entries in one statement (every
 * instance runs the outbox each second: its transaction was a third of a fleet's statements at rest).
 * Answers false when there is a webhook (or no cursor yet): then the outbox does its whole work.
 */
async function passedWithoutWebhooks(db: Database, settled: Date) {
  const moved = await db
    .update(alarmEventCursor)
    .set({
      lastId: sql`coalesce((select max(${alarmEvents.id}) from ${alarmEvents}
        where ${alarmEvents.id} > ${alarmEventCursor.lastId} and ${alarmEvents.time} <= ${settled}), ${alarmEventCursor.lastId})`,
    })
    .where(and(eq(alarmEventCursor.name, CURSOR), sql`not exists (select 1 from ${alarmWebhooks})`))
    .returning({ lastId: alarmEventCursor.lastId });
  return moved.length > 0;
}

/** The body a delivery sends: its event, its id (a receiver's idempotency key) and the alarm as it was. */
export function deliveryBody(delivery: { id: number; body: string; createdAt: Date }): string {
  const { event, alarm } = JSON.parse(delivery.body) as Pick<AlarmWebhookPayload, 'event' | 'alarm'>;
  const payload: AlarmWebhookPayload = { event, deliveryId: delivery.id, ts: delivery.createdAt.toISOString(), alarm };
  return JSON.stringify(payload);
}
