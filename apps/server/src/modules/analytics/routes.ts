import {
  analyticsAvailability,
  analyticsDeliveries,
  analyticsExportQuery,
  analyticsQuery,
  analyticsRebuildBody,
  analyticsRebuildResult,
  analyticsSettings,
  analyticsSummary,
  analyticsToday,
  analyticsTodayQuery,
  analyticsUtilisation,
  envelope,
  idParam,
  openingHours,
} from '@railserve/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { openAnalyticsExport } from './export.ts';
import { scopeExists } from './query-repository.ts';
import { robotsWithChanges } from './rollup-repository.ts';
import { availability, deliveries, summary, todaySummary, utilisation } from './service.ts';
import { readOpeningHours, readSettings, writeOpeningHours, writeSettings } from './settings-repository.ts';

const tags = ['analytics'];
const openingHoursAnswer = z.object({ open: z.number().int(), close: z.number().int(), tz: z.string().nullable() });

/** Operations analytics (docs/analytics.md): levels 0-2 read any range; every level reads today's summary. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  // A reader sees everything this instance has heard: its queued rows are written and their hours rolled up first.
  const catchUp = async () => {
    await app.analytics.flush();
    await app.analytics.rollUp();
  };
  const read = { config: { action: 'analytics.view' as const }, preHandler: catchUp };
  app.get(
    '/analytics/summary',
    { ...read, schema: { tags, querystring: analyticsQuery, response: { 200: envelope(analyticsSummary) } } },
    async (request) => ok(await summary(app.db, request.query)),
  );
  app.get(
    '/analytics/deliveries',
    { ...read, schema: { tags, querystring: analyticsQuery, response: { 200: envelope(analyticsDeliveries) } } },
    async (request) => ok(await deliveries(app.db, request.query)),
  );
  app.get(
    '/analytics/utilisation',
    { ...read, schema: { tags, querystring: analyticsQuery, response: { 200: envelope(analyticsUtilisation) } } },
    async (request) => ok(await utilisation(app.db, request.query)),
  );
  app.get(
    '/analytics/availability',
    { ...read, schema: { tags, querystring: analyticsQuery, response: { 200: envelope(analyticsAvailability) } } },
    async (request) => ok(await availability(app.db, request.query)),
  );
  app.get(
    '/analytics/export',
    {
      ...read,
      schema: {
        tags,
        description: 'One table of the analytics screen as CSV (UTF-8 with BOM) or XLSX, in `lang`, times in `tz`.',
        querystring: analyticsExportQuery,
      },
    },
    async (request, reply) => {
      const { body, filename, contentType } = await openAnalyticsExport(app.db, request.query);
      return reply
        .type(contentType)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
  app.get(
    '/analytics/today',
    {
      // Today's summary is a dashboard figure: every level that opens the dashboard reads it.
      config: { action: 'dashboard.view' },
      preHandler: catchUp,
      schema: {
        tags,
        description:
          "Today's summary in `tz`, hour by hour, and each track's deliveries and utilisation; the server chooses the range (the dashboard, every level).",
        querystring: analyticsTodayQuery,
        response: { 200: envelope(analyticsToday) },
      },
    },
    async (request) => ok(await todaySummary(app.db, request.query)),
  );

  app.get(
    '/analytics/settings',
    { config: { action: 'analytics.settings' }, schema: { tags, response: { 200: envelope(analyticsSettings) } } },
    async () => ok(await readSettings(app.db)),
  );
  app.put(
    '/analytics/settings',
    {
      config: { action: 'analytics.settings' },
      schema: { tags, body: analyticsSettings, response: { 200: envelope(analyticsSettings) } },
    },
    async (request) => {
      await writeSettings(app.db, request.body);
      await app.analytics.reloadSettings();
      return ok(await readSettings(app.db));
    },
  );
  app.post(
    '/analytics/rebuild',
    {
      config: { action: 'analytics.settings' },
      schema: {
        tags,
        description: 'Recomputes the hourly rollups of a range from the raw history the server keeps (docs/analytics.md).',
        body: analyticsRebuildBody,
        response: { 200: envelope(analyticsRebuildResult) },
      },
    },
    async (request) => {
      const from = Date.parse(request.body.from);
      const to = Date.parse(request.body.to);
      await app.analytics.flush();
      const sns = await robotsWithChanges(app.db, new Date(from - 3_600_000), new Date(to));
      return ok({ robots: sns.length, hours: await app.analytics.rebuild(sns, from, to) });
    },
  );

  app.get(
    '/analytics/opening-hours/:id',
    { config: { action: 'sessions.view' }, schema: { tags, params: idParam, response: { 200: envelope(openingHoursAnswer) } } },
    async (request) => {
      if (!(await scopeExists(app.db, { kind: 'session', id: request.params.id }))) throw notFound('Session');
      const hours = (await readOpeningHours(app.db)).get(request.params.id);
      return ok(hours ?? { open: 0, close: 24, tz: null });
    },
  );
  app.put(
    '/analytics/opening-hours/:id',
    {
      config: { action: 'sessions.write' },
      schema: { tags, params: idParam, body: openingHours, response: { 200: envelope(openingHours) } },
    },
    async (request) => {
      if (!(await scopeExists(app.db, { kind: 'session', id: request.params.id }))) throw notFound('Session');
      await writeOpeningHours(app.db, request.params.id, request.body);
      return ok(request.body);
    },
  );
};
