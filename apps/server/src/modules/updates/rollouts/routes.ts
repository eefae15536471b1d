import { createRolloutBody, envelope, rollout, updateIdParam } from '@railserve/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../lib/envelope.ts';
import { createRollout, listRecentRollouts, requireRollout, resumeRollout } from './service.ts';

/** `/updates/rollouts`: staged rollouts of a file to robots, first group then the rest. */
export const rolloutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/updates/rollouts',
    {
      config: { action: 'updates.write' },
      schema: { tags: ['updates'], body: createRolloutBody, response: { 201: envelope(rollout) } },
    },
    async (request, reply) => reply.code(201).send(ok(await createRollout(app, request.body, request.user.username))),
  );

  app.get(
    '/updates/rollouts',
    { config: { action: 'updates.view' }, schema: { tags: ['updates'], response: { 200: envelope(z.array(rollout)) } } },
    async () => ok(await listRecentRollouts(app)),
  );

  app.get(
    '/updates/rollouts/:id',
    {
      config: { action: 'updates.view' },
      schema: { tags: ['updates'], params: updateIdParam, response: { 200: envelope(rollout) } },
    },
    async (request) => ok(await requireRollout(app, request.params.id)),
  );

  app.post(
    '/updates/rollouts/:id/resume',
    {
      config: { action: 'updates.write', audit: { type: 'update' } },
      schema: { tags: ['updates'], params: updateIdParam, response: { 200: envelope(rollout) } },
    },
    async (request) => ok(await resumeRollout(app, request.params.id)),
  );
};
