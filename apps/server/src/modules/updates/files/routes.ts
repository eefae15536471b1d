import { envelope, listUpdateFilesQuery, pageOf, updateFile, updateIdParam, uploadedUpdateFile } from '@railserve/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../lib/envelope.ts';
import { listUpdateFiles, removeUpdateFile, uploadUpdateFile } from './service.ts';

/** `/updates/files`: upload (multipart field `file`), list, delete. */
export const updateFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/updates/files',
    {
      config: { action: 'updates.write' },
      schema: { tags: ['updates'], consumes: ['multipart/form-data'], response: { 201: envelope(uploadedUpdateFile) } },
    },
    async (request, reply) => reply.code(201).send(ok(await uploadUpdateFile(app, request))),
  );

  app.get(
    '/updates/files',
    {
      config: { action: 'updates.view' },
      schema: { tags: ['updates'], querystring: listUpdateFilesQuery, response: { 200: envelope(pageOf(updateFile)) } },
    },
    async (request) => ok(await listUpdateFiles(app, request.query)),
  );

  app.delete(
    '/updates/files/:id',
    {
      config: { action: 'updates.write' },
      schema: { tags: ['updates'], params: updateIdParam, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await removeUpdateFile(app, request.params.id);
      return ok(null);
    },
  );
};
