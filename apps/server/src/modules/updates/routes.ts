import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateFileRoutes } from './files/routes.ts';
import { updateRecordRoutes } from './records/routes.ts';
import { rolloutRoutes } from './rollouts/routes.ts';
import { updateStorageRoutes } from './storage-routes.ts';

/**
 * `/updates`: files (`files/`), update records and their device download (`records/`), staged
 * rollouts (`rollouts/`), and the space uploads take.
 */
export const updateRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(updateFileRoutes);
  await app.register(rolloutRoutes);
  await app.register(updateStorageRoutes);
  await app.register(updateRecordRoutes);
};
