import {
  auditCleanupResult,
  auditRecord,
  auditStats,
  auditStatsQuery,
  auditSummary,
  bigIdParam,
  envelope,
  exportAuditQuery,
  listAuditQuery,
  pageOf,
} from '@railserve/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { withValidZone } from '../../lib/time-zone.ts';
import { auditCsv, auditXlsx, type ExportDone } from './export.ts';
import { auditStatistics, listAuditRecords } from './repository.ts';
import { cleanupAuditRecords, getAuditRecord } from './service.ts';

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      config: { action: 'audit.view' },
      schema: { tags: ['audit'], querystring: listAuditQuery, response: { 200: envelope(pageOf(auditSummary)) } },
    },
    async (request) => ok(await listAuditRecords(app.db, request.query)),
  );

  app.get(
    '/audit/stats',
    {
      config: { action: 'audit.view' },
      schema: { tags: ['audit'], querystring: auditStatsQuery, response: { 200: envelope(auditStats) } },
    },
    async (request) => ok(await withValidZone('querystring', () => auditStatistics(app.db, request.query, request.query.tz))),
  );

  // Streamed; the audit hook records the export itself, with the number of rows it wrote.
  app.get(
    '/audit/export',
    { config: { action: 'audit.export' }, schema: { tags: ['audit'], querystring: exportAuditQuery } },
    async (request, reply) => {
      const query = request.query;
      const done: ExportDone = (rows, error) => {
        if (!request.auditContext) return;
        request.auditContext.affectedRows = rows;
        if (error) request.auditContext.errorMessage = error.message;
      };
      const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
      reply
        .header('content-type', CONTENT_TYPES[query.format])
        .header('content-disposition', `attachment; filename="audit-${stamp}.${query.format}"`)
        .header('cache-control', 'no-store');
      return reply.send(query.format === 'csv' ? auditCsv(app.db, query, done) : auditXlsx(app.db, query, done));
    },
  );

  app.get(
    '/audit/:id',
    {
      config: { action: 'audit.view' },
      schema: { tags: ['audit'], params: bigIdParam, response: { 200: envelope(auditRecord) } },
    },
    async (request) => ok(await getAuditRecord(app.db, request.params.id)),
  );

  app.post(
    '/audit/cleanup',
    {
      config: { action: 'audit.cleanup', audit: { type: 'delete' } },
      schema: { tags: ['audit'], response: { 200: envelope(auditCleanupResult) } },
    },
    async () => ok(await cleanupAuditRecords(app.db)),
  );
};
