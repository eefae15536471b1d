import { envelope, storageUsage } from '@railserve/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { uploadUsage } from '../storage-quota/quota.ts';

/** `GET /updates/storage`: the space all uploads (audio and update files) take against the total quota. */
export const updateStorageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/updates/storage',
    {
      config: { action: 'updates.view' },
      schema: { tags: ['updates'], response: { 200: envelope(storageUsage) } },
    },
    async () => ok(await uploadUsage(app)),
  );
};
