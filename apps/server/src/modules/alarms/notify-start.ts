import { type ConsoleAlarmNoticesPayload, topics } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { sweepEscalations } from './escalation.ts';
import * as repo from './repository.ts';
import { escalationTimes } from './settings.ts';
import { enqueueWebhookEvents, startCursor } from './webhook-outbox.ts';
import { purgeSettledDeliveries } from './webhook-repository.ts';
import { type DeliveryOptions, deliverDue, RETRY_DELAYS_MS } from './webhook-worker.ts';

/** How often each instance sweeps for escalations, and moves and sends webhook deliveries. */
const ESCALATION_EVERY_MS = 10_000;
const WEBHOOKS_EVERY_MS = 1000;
/** Timeline entries this old are turned into deliveries (webhook-outbox.ts). */
const SETTLE_MS = 2000;
const HOUR_MS = 3_600_000;

export type AlarmNotify = {
  options: DeliveryOptions & { settleMs: number };
  /** One escalation sweep at `now`: answers how many alarms it escalated and told again. */
  escalate(now?: Date): Promise<{ escalated: number; renotified: number }>;
  /** Turns settled timeline entries into deliveries and sends the due ones, at `now`. */
  pump(now?: Date): Promise<{ enqueued: number; sent: number }>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Escalation and webhooks (modules/alarms/notify-start.ts). */
    alarmNotify: AlarmNotify;
  }
}

/**
 * Escalation and webhooks, on every instance: each sweep claims its work in the database, so
 * several instances share it without doing anything twice. Escalations reach consoles of levels
 * 0-1 on `hcpro4/console/alarm-notices`, one message per sweep however many alarms it holds.
 */
export async function startAlarmNotify(app: FastifyInstance) {
  const options: AlarmNotify['options'] = {
    timeoutMs: 5000,
    allowLoopback: app.config.alarmWebhookAllowLoopback,
    retryDelaysMs: RETRY_DELAYS_MS,
    settleMs: SETTLE_MS,
  };
  await startCursor(app.db);

  const publish = (payload: ConsoleAlarmNoticesPayload) => {
    if (payload.notices.length === 0 || !app.mqtt.connected) return;
    app.mqtt.publish(topics.consoleAlarmNotices, payload).catch((error) => {
      app.log.warn({ err: error }, "publishing the consoles' alarm notices failed");
    });
  };

  const notify: AlarmNotify = {
    options,
    async escalate(now = new Date()) {
      const { escalated, renotified } = await sweepEscalations(app.db, now, await escalationTimes(app.db));
      publish({
        ts: new Date().toISOString(),
        notices: [
          ...escalated.map((row) => ({ kind: 'escalated' as const, alarm: repo.toAlarm(row) })),
          ...renotified.map((row) => ({ kind: 'renotified' as const, alarm: repo.toAlarm(row) })),
        ],
      });
      return { escalated: escalated.length, renotified: renotified.length };
    },
    async pump(now = new Date()) {
      const enqueued = await enqueueWebhookEvents(app.db, now, options.settleMs, app.log);
      const sent = await deliverDue(app.db, now, options, app.log);
      return { enqueued, sent };
    },
  };
  app.decorate('alarmNotify', notify);

  /** Runs `work` on a timer, never two at once. */
  const every = (ms: number, where: string, work: () => Promise<unknown>) => {
    let running = false;
    return setInterval(() => {
      if (running) return;
      running = true;
      app.faultGuard.run({ where }, () =>
        work()
          .catch((error) => app.log.error({ err: error }, `${where} failed`))
          .finally(() => {
            running = false;
          }),
      );
    }, ms).unref();
  };
  const timers = [
    every(ESCALATION_EVERY_MS, 'the alarm escalation', () => notify.escalate()),
    every(WEBHOOKS_EVERY_MS, 'the alarm webhooks', () => notify.pump()),
    every(HOUR_MS, 'the alarm webhooks cleanup', () => purgeSettledDeliveries(app.db, new Date())),
  ];
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
  });
}
