import { type CommandRecord, topics } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { AlarmLifecycle } from './lifecycle.ts';
import { createAlarmFeed } from './live-feed.ts';
import * as repo from './repository.ts';
import { startAlarmOps } from './start-ops.ts';
import { TRANSITIONS_PER_STATEMENT, TRANSITIONS_PER_STATEMENT_POSTGRES } from './transitions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The alarms' lifecycle (modules/alarms/lifecycle.ts). */
    alarms: AlarmLifecycle;
  }
}

const DAY_MS = 86_400_000;
/** The first retention run waits until the start is over. */
const FIRST_PURGE_DELAY_MS = 60_000;

const RESET_EVENTS = { acknowledged: 'reset_acknowledged', failed: 'reset_failed', timed_out: 'reset_timed_out' } as const;

/**
 * Starts the alarm center after the robots module: it listens to the fleet's ingest, follows the
 * answers of reset commands, feeds the consoles, and removes cleared alarms older than
 * LOG_RETENTION_DAYS once a day, like logs.
 */
export async function startAlarms(app: FastifyInstance) {
  const feed = createAlarmFeed((payload) =>
    app.faultGuard.run({ where: "the consoles' alarm feed" }, () => {
      if (!app.mqtt.connected) return;
      app.mqtt.publish(topics.consoleAlarms, payload).catch((error) => {
        app.log.warn({ err: error }, "publishing the consoles' alarm feed failed");
      });
    }),
  );
  app.decorate('alarmChanged', feed.changed);
  const ops = await startAlarmOps(app);
  const lifecycle = new AlarmLifecycle(
    app.db,
    app.log,
    (alarm) => {
      feed.changed(alarm);
      ops.tracker.alarmChanged(alarm);
    },
    (sn, trackId, at) => ops.maintenance.covers(sn, trackId, at),
    app.dbKind === 'postgres' ? TRANSITIONS_PER_STATEMENT_POSTGRES : TRANSITIONS_PER_STATEMENT,
  );
  await lifecycle.load();
  app.decorate('alarms', lifecycle);
  app.robots.listen(lifecycle);

  const onReset = async (record: CommandRecord) => {
    if (record.command !== 'reset_alarm' || record.status === 'sent') return;
    const rows = await repo.answerReset(app.db, record.id, record.status === 'acknowledged');
    const text = record.status === 'acknowledged' ? null : (record.error ?? null);
    await repo.insertEvents(
      app.db,
      rows.map((row) => ({ alarmId: row.id, kind: RESET_EVENTS[record.status as keyof typeof RESET_EVENTS], text })),
    );
    for (const row of rows) feed.changed(repo.toAlarm(row));
  };
  // In the lifecycle's order: a robot's clear queued before its acknowledgement is written first,
  // so the answer can make it the operator's.
  app.commands.onAnswered((record) => void lifecycle.serial(() => onReset(record)));

  const purge = async () => {
    try {
      const removed = await repo.purgeClearedAlarms(app.db, app.config.logRetentionDays);
      if (removed > 0) app.log.info({ removed, retentionDays: app.config.logRetentionDays }, 'expired alarms removed');
    } catch (error) {
      app.log.error({ err: error }, 'removing expired alarms failed');
    }
  };
  let daily: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void purge();
    daily = setInterval(() => void purge(), DAY_MS).unref();
  }, FIRST_PURGE_DELAY_MS).unref();

  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(daily);
    await lifecycle.flush();
    await ops.tracker.close();
    feed.close();
  });
}
