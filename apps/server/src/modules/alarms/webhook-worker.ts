import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { deliveryBody } from './webhook-outbox.ts';
import { allWebhooks, claimDue, recordAttempt } from './webhook-repository.ts';
import { sendWebhook } from './webhook-sender.ts';

export type DeliveryOptions = {
  /** A call answers within this or is given up (5 s). */
  timeoutMs: number;
  allowLoopback: boolean;
  /** The waits before the 2nd, 3rd… attempt; after the last, the delivery has failed. */
  retryDelaysMs: number[];
};

/** 5 attempts: at once, then after 10 s, 1 min, 5 min and 30 min. */
export const RETRY_DELAYS_MS = [10_000, 60_000, 300_000, 1_800_000];
/** Deliveries one instance sends at once. */
const CLAIM_LIMIT = 20;

/**
 * Sends the deliveries that are due (claimed by this instance alone, webhook-repository.ts
 * claimDue), logs every attempt, and schedules a failed one again after its back-off. The
 * webhook's secret signs the call and goes nowhere else: not in a log line, not in an answer.
 */
export async function deliverDue(db: Database, now: Date, options: DeliveryOptions, log: FastifyBaseLogger) {
  const claimed = await claimDue(db, now, options.timeoutMs + 30_000, CLAIM_LIMIT);
  if (claimed.length === 0) return 0;
  const hooks = new Map((await allWebhooks(db)).map((hook) => [hook.id, hook]));
  await Promise.all(
    claimed.map(async (delivery) => {
      const hook = hooks.get(delivery.webhookId);
      if (!hook) return;
      const outcome = await sendWebhook(
        hook,
        deliveryBody(delivery),
        { 'x-railserve-event': delivery.event, 'x-railserve-delivery': String(delivery.id) },
        options,
      );
      const delay = outcome.ok ? undefined : options.retryDelaysMs[delivery.attempts - 1];
      const retryAt = delay === undefined ? null : new Date(now.getTime() + delay);
      if (!outcome.ok)
        log.warn(
          {
            webhookId: hook.id,
            deliveryId: delivery.id,
            attempt: delivery.attempts,
            error: outcome.error,
            statusCode: outcome.statusCode,
          },
          retryAt ? 'an alarm webhook call failed; it will be tried again' : 'an alarm webhook call failed for the last time',
        );
      // A webhook removed during the call takes its deliveries with it: the attempt has nowhere to go.
      await recordAttempt(db, { delivery, ...outcome, retryAt }).catch((error) =>
        log.warn({ err: error, webhookId: hook.id, deliveryId: delivery.id }, 'an alarm webhook attempt was not recorded'),
      );
    }),
  );
  return claimed.length;
}
