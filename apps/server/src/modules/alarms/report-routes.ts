import { alarmReportQuery, alarmReport as alarmReportSchema, envelope, exportAlarmReportQuery } from '@railserve/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { alarmReport } from './report.ts';
import { exportAlarmReport } from './report-export.ts';

const tags = ['alarms'];

/** The alarm report ("Numbers", issue 29): a period's alarms per robot, per track and per code. */
export const alarmReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/alarms/report',
    {
      config: { action: 'alarms.view' },
      schema: {
        tags,
        description:
          'The alarms of a period [from, to) (at most 366 days) per robot, per track and per code at once: count, mean time to acknowledge and to clear, and downtime clipped to the period.',
        querystring: alarmReportQuery,
        response: { 200: envelope(alarmReportSchema) },
      },
    },
    async (request) => ok(await alarmReport(app.db, request.query)),
  );

  app.get(
    '/alarms/report/export',
    {
      config: { action: 'alarms.view' },
      schema: {
        tags,
        description: 'One grouping of the report as a CSV (UTF-8 with BOM) or XLSX download, in the reader’s language.',
        querystring: exportAlarmReportQuery,
      },
    },
    async (request, reply) => {
      const { body, filename, contentType } = await exportAlarmReport(app.db, request.query);
      return reply
        .type(contentType)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
