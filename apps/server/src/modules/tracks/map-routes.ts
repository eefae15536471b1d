import {
  envelope,
  idParam,
  MAP_BACKGROUND_MAX_BYTES,
  MAP_BACKGROUND_TYPES,
  mapBackgroundQuery,
  mapBackgroundUpload,
  trackMapState,
} from '@railserve/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { FILE_TYPE_MEDIA } from '../../lib/file-type.ts';
import { backgroundKey, getMapState, mapBackgroundType, saveMapBackground } from './map-service.ts';

/** The map editor's routes next to GET/PUT /tracks/{id}/map: which version is live, and the background image. */
export const trackMapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tracks/:id/map/state',
    {
      config: { action: 'tracks.view' },
      schema: { tags: ['tracks'], params: idParam, response: { 200: envelope(trackMapState) } },
    },
    async (request) => ok(await getMapState(app.db, request.params.id)),
  );

  app.post(
    '/tracks/:id/map/background',
    {
      config: { action: 'maps.write' },
      schema: {
        tags: ['tracks'],
        consumes: ['multipart/form-data'],
        params: idParam,
        response: { 200: envelope(mapBackgroundUpload) },
      },
    },
    async (request) => {
      await getMapState(app.db, request.params.id);
      const file = await app.files.receive(request, { maxBytes: MAP_BACKGROUND_MAX_BYTES, accept: MAP_BACKGROUND_TYPES });
      return ok(await saveMapBackground(app, backgroundKey(request.params.id), file));
    },
  );

  app.get(
    '/tracks/:id/map/background',
    {
      config: { action: 'tracks.view' },
      schema: {
        tags: ['tracks'],
        params: idParam,
        querystring: mapBackgroundQuery,
        response: { 200: z.any().describe('the image (PNG, JPEG or WebP)') },
      },
    },
    async (request, reply) => {
      await getMapState(app.db, request.params.id);
      const key = backgroundKey(request.params.id);
      const type = await mapBackgroundType(app, key);
      return app.files.send(request, reply, key, { contentType: type ? FILE_TYPE_MEDIA[type] : 'application/octet-stream' });
    },
  );
};
