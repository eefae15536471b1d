import {
  alarmIncidentDetail,
  bigIdParam,
  createMaintenanceBody,
  envelope,
  idParam,
  incidentPage,
  listIncidentsQuery,
  maintenanceWindow,
} from '@railserve/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import * as incidents from './incident-repository.ts';
import { createWindow, endWindow, listOpenWindows } from './maintenance.ts';

/**
 * Maintenance windows and track incidents (issue 29), registered by the alarm center's routes:
 * every level reads them (`alarms.view`); levels 0-2 open and end windows (`alarms.handle`), audited.
 */
export const alarmOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/alarm-maintenance',
    {
      config: { action: 'alarms.view' },
      schema: {
        tags: ['alarms'],
        description: 'The maintenance windows open now, ending soonest first.',
        response: { 200: envelope(z.array(maintenanceWindow)) },
      },
    },
    async () => ok(await listOpenWindows(app)),
  );

  app.post(
    '/alarm-maintenance',
    {
      config: { action: 'alarms.handle', audit: { type: 'create' } },
      schema: {
        tags: ['alarms'],
        description: 'Puts a robot or a track into maintenance until a time at most 30 days ahead.',
        body: createMaintenanceBody,
        response: { 201: envelope(maintenanceWindow) },
      },
    },
    async (request, reply) => reply.code(201).send(ok(await createWindow(app, request.body, request.user))),
  );

  app.delete(
    '/alarm-maintenance/:id',
    {
      config: { action: 'alarms.handle', audit: { type: 'delete' } },
      schema: {
        tags: ['alarms'],
        description: 'Ends a maintenance window now; answers it as ended.',
        params: idParam,
        response: { 200: envelope(maintenanceWindow) },
      },
    },
    async (request) => ok(await endWindow(app, request.params.id, request.user)),
  );

  app.get(
    '/alarm-incidents',
    {
      config: { action: 'alarms.view' },
      schema: { tags: ['alarms'], querystring: listIncidentsQuery, response: { 200: envelope(incidentPage) } },
    },
    async (request) => ok(await incidents.listIncidents(app.db, request.query)),
  );

  app.get(
    '/alarm-incidents/:id',
    {
      config: { action: 'alarms.view' },
      schema: { tags: ['alarms'], params: bigIdParam, response: { 200: envelope(alarmIncidentDetail) } },
    },
    async (request) => {
      const detail = await incidents.incidentDetail(app.db, request.params.id);
      if (!detail) throw notFound(`Incident ${request.params.id}`);
      return ok(detail);
    },
  );
};
