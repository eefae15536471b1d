import { envelope, systemActionResult, systemVersions, topics } from '@railserve/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { requireBroker } from '../../lib/require-broker.ts';
import { APP_VERSION } from '../../version.ts';
import { siteVersions } from './versions-repository.ts';

/** How long the restart waits after answering, so the answer and its audit record leave first. */
const RESTART_DELAY_MS = 200;

/** `/system/versions`, `/system/force-reload`, `/system/restart` (the System updates screen). */
export const systemControlRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/system/versions',
    { config: { action: 'updates.view' }, schema: { tags: ['system'], response: { 200: envelope(systemVersions) } } },
    async () =>
      ok({
        backend: { version: APP_VERSION, startedAt: app.startedAt.toISOString() },
        sites: await siteVersions(app.db),
      }),
  );

  app.post(
    '/system/force-reload',
    {
      config: { action: 'system.force_reload', audit: { type: 'system', target: 'system/force-reload' } },
      schema: { tags: ['system'], response: { 200: envelope(systemActionResult) } },
    },
    async () => {
      requireBroker(app);
      // Not retained: only the consoles open now reload, not every one that connects later.
      await app.mqtt.publish(topics.frontendUpdate, '1', { retain: false });
      return ok({ action: 'force_reload' as const, at: new Date().toISOString() });
    },
  );

  app.post(
    '/system/restart',
    {
      config: { action: 'system.restart', audit: { type: 'system', target: 'system/restart' } },
      schema: { tags: ['system'], response: { 202: envelope(systemActionResult) } },
    },
    async (_request, reply) => {
      requireBroker(app);
      const restart = app.lifecycle.restart;
      if (!restart)
        throw new AppError(503, 'restart_unavailable', 'This server runs without a supervisor and cannot restart itself');
      reply.raw.once('finish', () => setTimeout(restart, RESTART_DELAY_MS).unref());
      return reply.code(202).send(ok({ action: 'restart' as const, at: new Date().toISOString() }));
    },
  );
};
