import {
  commandRecord,
  commandTarget,
  envelope,
  idParam,
  listCommandsQuery,
  pageOf,
  sendCommandQuery,
  trackCommandBody,
  trackMap,
  trackRobot,
  trackStatusChange,
} from '@railserve/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { listCommands } from '../commands/repository.ts';
import { sendTrackCommand } from './commands.ts';
import { listStatusChanges } from './repository.ts';
import { robotsOnTrack } from './robots-on-track.ts';
import { getTrack, getTrackMap, saveTrackMap } from './service.ts';

/** A map of 2000 points and 8000 paths is about 1.5 MB as JSON. */
const MAP_BODY_LIMIT = 4 * 1024 * 1024;
const STATUS_CHANGES_SHOWN = 50;

/** The saved map, the track's commands and its status record. */
export const trackControlRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tracks/:id/map',
    {
      config: { action: 'tracks.view' },
      schema: { tags: ['tracks'], params: idParam, response: { 200: envelope(trackMap.nullable()) } },
    },
    async (request) => ok(await getTrackMap(app.db, request.params.id)),
  );

  app.put(
    '/tracks/:id/map',
    {
      bodyLimit: MAP_BODY_LIMIT,
      config: { action: 'maps.write' },
      schema: { tags: ['tracks'], params: idParam, body: trackMap, response: { 200: envelope(trackMap) } },
    },
    async (request) => ok(await saveTrackMap(app.db, request.params.id, request.body)),
  );

  app.post(
    '/tracks/:id/commands',
    {
      config: { action: 'tracks.command' },
      schema: {
        tags: ['tracks'],
        params: idParam,
        querystring: sendCommandQuery,
        body: trackCommandBody,
        response: { 200: envelope(commandRecord), 202: envelope(commandRecord) },
      },
    },
    async (request, reply) => {
      const { wait } = request.query;
      const record = await sendTrackCommand(app, request.params.id, request.body, request.user.username, wait);
      // Waiting answers the final state (200); otherwise the command is still in flight (202).
      return reply.code(wait ? 200 : 202).send(ok(record));
    },
  );

  app.get(
    '/tracks/:id/commands',
    {
      config: { action: 'tracks.view' },
      schema: {
        tags: ['tracks'],
        params: idParam,
        querystring: listCommandsQuery,
        response: { 200: envelope(pageOf(commandRecord)) },
      },
    },
    async (request) => {
      await getTrack(app.db, request.params.id);
      return ok(await listCommands(app.db, commandTarget.track(request.params.id), request.query));
    },
  );

  app.get(
    '/tracks/:id/status-changes',
    {
      config: { action: 'tracks.view' },
      schema: { tags: ['tracks'], params: idParam, response: { 200: envelope(z.array(trackStatusChange)) } },
    },
    async (request) => {
      await getTrack(app.db, request.params.id);
      return ok(await listStatusChanges(app.db, request.params.id, STATUS_CHANGES_SHOWN));
    },
  );

  app.get(
    '/tracks/:id/robots',
    {
      config: { action: 'tracks.view' },
      schema: { tags: ['tracks'], params: idParam, response: { 200: envelope(z.array(trackRobot)) } },
    },
    async (request) => ok(await robotsOnTrack(app, request.params.id)),
  );
};
