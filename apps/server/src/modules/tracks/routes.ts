import { createTrackBody, envelope, idParam, listTracksQuery, pageOf, track, updateTrackBody } from '@railserve/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { numericId, registerAuditLoader } from '../audit/loaders.ts';
import { trackControlRoutes } from './control-routes.ts';
import { trackMapRoutes } from './map-routes.ts';
import { findTrack, findTrackMap, listTracks } from './repository.ts';
import { createTrack, editTrack, getTrack, removeTrack } from './service.ts';

registerAuditLoader('tracks', async (app, id) => {
  const trackId = numericId(id);
  return trackId === undefined ? undefined : findTrack(app.db, trackId);
});
registerAuditLoader('tracks/map', async (app, id) => {
  const trackId = numericId(id);
  return trackId === undefined ? undefined : ((await findTrackMap(app.db, trackId))?.map ?? undefined);
});

/** `/tracks` and `/tracks/{id}`; commands, robots and the map in control-routes.ts, the map editor's extras in map-routes.ts. */
export const trackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tracks',
    {
      config: { action: 'tracks.view' },
      schema: { tags: ['tracks'], querystring: listTracksQuery, response: { 200: envelope(pageOf(track)) } },
    },
    async (request) => ok(await listTracks(app.db, request.query)),
  );

  app.get(
    '/tracks/:id',
    { config: { action: 'tracks.view' }, schema: { tags: ['tracks'], params: idParam, response: { 200: envelope(track) } } },
    async (request) => ok(await getTrack(app.db, request.params.id)),
  );

  app.post(
    '/tracks',
    {
      config: { action: 'tracks.write' },
      schema: { tags: ['tracks'], body: createTrackBody, response: { 201: envelope(track) } },
    },
    async (request, reply) => reply.code(201).send(ok(await createTrack(app.db, request.body))),
  );

  app.put(
    '/tracks/:id',
    {
      config: { action: 'tracks.write' },
      schema: { tags: ['tracks'], params: idParam, body: updateTrackBody, response: { 200: envelope(track) } },
    },
    async (request) => ok(await editTrack(app.db, request.params.id, request.body)),
  );

  app.delete(
    '/tracks/:id',
    { config: { action: 'tracks.delete' }, schema: { tags: ['tracks'], params: idParam, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await removeTrack(app, request.params.id);
      return ok(null);
    },
  );

  await app.register(trackControlRoutes);
  await app.register(trackMapRoutes);
};
