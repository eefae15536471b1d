import {
  createUpdateRecordBody,
  downloadUpdateQuery,
  envelope,
  listUpdateRecordsQuery,
  pageOf,
  updateIdParam,
  updateRecord,
  updateUpdateRecordBody,
} from '@railserve/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../lib/envelope.ts';
import { registerAuditLoader } from '../../audit/loaders.ts';
import { createCodeGuard } from './code-guard.ts';
import {
  createUpdateRecord,
  downloadUpdate,
  editUpdateRecord,
  getUpdateRecord,
  listUpdateRecords,
  removeUpdateRecord,
} from './service.ts';

registerAuditLoader('updates', (app, id) =>
  /^\d{1,9}$/.test(id) ? getUpdateRecord(app, Number(id)) : Promise.resolve(undefined),
);

/** `/updates` and `/updates/{id}`: update records (list with filters and paging, create, edit, delete, download). */
export const updateRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  const codeGuard = createCodeGuard();

  app.get(
    '/updates',
    {
      config: { action: 'updates.view' },
      schema: { tags: ['updates'], querystring: listUpdateRecordsQuery, response: { 200: envelope(pageOf(updateRecord)) } },
    },
    async (request) => ok(await listUpdateRecords(app, request.query)),
  );

  app.post(
    '/updates',
    {
      config: { action: 'updates.write' },
      schema: { tags: ['updates'], body: createUpdateRecordBody, response: { 201: envelope(updateRecord) } },
    },
    async (request, reply) => reply.code(201).send(ok(await createUpdateRecord(app, request.body))),
  );

  app.put(
    '/updates/:id',
    {
      config: { action: 'updates.write' },
      schema: {
        tags: ['updates'],
        params: updateIdParam,
        body: updateUpdateRecordBody,
        response: { 200: envelope(updateRecord) },
      },
    },
    async (request) => ok(await editUpdateRecord(app, request.params.id, request.body)),
  );

  app.delete(
    '/updates/:id',
    {
      config: { action: 'updates.write' },
      schema: { tags: ['updates'], params: updateIdParam, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await removeUpdateRecord(app, request.params.id);
      return ok(null);
    },
  );

  app.get(
    '/updates/:id/download',
    {
      config: { action: 'updates.download', devices: true, audit: { type: 'export' }, attemptLimit: 'too_many_wrong_codes' },
      schema: { tags: ['updates'], params: updateIdParam, querystring: downloadUpdateQuery },
    },
    async (request, reply) => downloadUpdate(app, codeGuard, request, reply, request.params.id, request.query.code),
  );
};
