import { clientConfig, envelope, healthInfo, versionInfo } from '@railserve/protocol';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { APP_VERSION } from '../../version.ts';
import { systemControlRoutes } from './control-routes.ts';

/** `/api/health`, `/api/version` and the broker details the web app needs before it connects. */
export const systemInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: { tags: ['system'], response: { 200: envelope(healthInfo), 503: envelope(healthInfo) } },
    },
    async (_request, reply) => {
      const database = await app.db
        .execute(sql`select 1`)
        .then(() => true)
        .catch(() => false);
      const broker = app.mqtt.connected;
      const data = {
        status: database && broker ? ('ok' as const) : ('degraded' as const),
        database,
        broker,
        uptimeSeconds: process.uptime(),
        queues: {
          logs: { pending: app.eventLog.pending, dropped: app.eventLog.stats.dropped, refused: app.eventLog.stats.refused },
          audit: {
            pending: app.audit.writer.pending,
            dropped: app.audit.writer.stats.dropped,
            refused: app.audit.writer.stats.refused,
          },
          robots: { pending: 0, dropped: app.robots.stats.refusedNew, refused: 0 },
        },
        faults: app.faultGuard.faults,
        retained: app.retainedUsage?.(),
        restarts: app.lifecycle.restarts,
      };
      return reply.code(database ? 200 : 503).send(ok(data));
    },
  );

  app.get(
    '/version',
    { config: { public: true }, schema: { tags: ['system'], response: { 200: envelope(versionInfo) } } },
    async () =>
      ok({
        name: 'RailServe',
        version: APP_VERSION,
        node: process.version,
        database: app.dbKind,
        broker: app.config.mqttUrl ? ('external' as const) : ('embedded' as const),
        startedAt: app.startedAt.toISOString(),
        updateSigningKey: app.updateSigner.publicKey,
      }),
  );
};

/** `/api/v1/system/client-config`; versions, force-reload and restart in control-routes.ts. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/system/client-config',
    { config: { public: true }, schema: { tags: ['system'], response: { 200: envelope(clientConfig) } } },
    async () =>
      ok({
        mqtt: { wsPort: app.brokerPorts?.ws ?? app.config.mqttWsPort, wsPath: '/', username: 'web' },
        version: APP_VERSION,
      }),
  );

  await app.register(systemControlRoutes);
};
