import { envelope, tableLayout, trackIdParam } from '@railserve/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { numericId, registerAuditLoader } from '../audit/loaders.ts';
import { checkDeviceAccess } from '../tracks/device-access.ts';
import { findMapOfTrack } from './repository.ts';
import { getTableLayout, saveTableLayout } from './service.ts';

/** 50 pages of 20 x 20 cells of 32-character names is about 700 KB as JSON. */
const LAYOUT_BODY_LIMIT = 1024 * 1024;

registerAuditLoader('tracks/tables', async (app, id) => {
  const trackId = numericId(id);
  return trackId === undefined ? undefined : (await findMapOfTrack(app.db, trackId))?.tables;
});

/** The table layout of the ordering tablet: pages of tables in a grid, part of the track's map. */
export const tableRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tracks/:id/tables',
    {
      config: { action: 'tracks.view', devices: true },
      schema: { tags: ['tracks'], params: trackIdParam, response: { 200: envelope(tableLayout) } },
    },
    async (request) => {
      await checkDeviceAccess(app, request, request.params.id);
      return ok(await getTableLayout(app.db, request.params.id));
    },
  );

  app.put(
    '/tracks/:id/tables',
    {
      bodyLimit: LAYOUT_BODY_LIMIT,
      config: { action: 'tables.write' },
      schema: { tags: ['tracks'], params: trackIdParam, body: tableLayout, response: { 200: envelope(tableLayout) } },
    },
    async (request) => ok(await saveTableLayout(app.db, request.params.id, request.body)),
  );
};
