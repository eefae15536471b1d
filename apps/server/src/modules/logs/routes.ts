import {
  deleteLogsBody,
  deleteLogsResult,
  envelope,
  exportLogsQuery,
  LOG_DELETE_IDS_MAX,
  listLogsQuery,
  logPage,
} from '@railserve/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { plainJsonAnswer } from '../../lib/plain-json.ts';
import { openLogExport } from './export.ts';
import { FREE_TEXT_LIMITS } from './log-page.ts';
import { deleteLogs, listLogs, logTypes } from './service.ts';

export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/logs',
    {
      config: { action: 'logs.view' },
      schema: { tags: ['logs'], querystring: listLogsQuery, response: { 200: envelope(logPage) } },
      // Records are built field by field (toLogRecord): a page of up to 100,000 is not checked again.
      ...plainJsonAnswer,
    },
    async (request) =>
      ok(await listLogs(app.db, request.query, { freeText: app.dbKind === 'postgres' ? FREE_TEXT_LIMITS : undefined })),
  );

  app.get(
    '/logs/types',
    { config: { action: 'logs.view' }, schema: { tags: ['logs'], response: { 200: envelope(z.array(z.string())) } } },
    async () => ok(await logTypes(app.db)),
  );

  app.get(
    '/logs/export',
    {
      config: { action: 'logs.export' },
      schema: {
        tags: ['logs'],
        description: 'The whole filtered set as a CSV (UTF-8 with BOM) or XLSX download, streamed.',
        querystring: exportLogsQuery,
      },
    },
    async (request, reply) => {
      const { stream, filename, contentType } = await openLogExport(app.db, request.query);
      stream.on('error', (error) => request.log.error({ err: error }, 'log export stopped'));
      return reply
        .type(contentType)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.delete(
    '/logs',
    {
      config: { action: 'logs.delete' },
      // Room for LOG_DELETE_IDS_MAX ids (about 10 bytes each).
      bodyLimit: LOG_DELETE_IDS_MAX * 12 + 4096,
      schema: { tags: ['logs'], body: deleteLogsBody, response: { 200: envelope(deleteLogsResult) } },
    },
    async (request) => ok({ deleted: await deleteLogs(app.db, request.body) }),
  );
};
