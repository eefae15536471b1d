import {
  alarm,
  alarmAssignee,
  alarmDetail,
  alarmPage,
  alarmSummary,
  assignAlarmBody,
  bigIdParam,
  bulkAckBody,
  bulkAlarmResult,
  bulkAssignBody,
  commandRecord,
  commentAlarmBody,
  envelope,
  listAlarmsQuery,
} from '@railserve/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { alarmOpsRoutes } from './ops-routes.ts';
import * as repo from './repository.ts';
import { acknowledgeAlarm, acknowledgeAlarms, assignAlarm, assignAlarms, commentAlarm, getAlarm, resetAlarm } from './service.ts';
import { alarmSettingsRoutes } from './settings-routes.ts';

const tags = ['alarms'];
/** Acknowledging, assigning and commenting change an alarm: audited as updates of it. */
const handle = { action: 'alarms.handle', audit: { type: 'update' } } as const;

/** The alarm center's API (issue 29); other programs are written against it, so it stays as it is. */
export const alarmRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(alarmOpsRoutes);
  await app.register(alarmSettingsRoutes);

  app.get(
    '/alarms',
    { config: { action: 'alarms.view' }, schema: { tags, querystring: listAlarmsQuery, response: { 200: envelope(alarmPage) } } },
    async (request) => ok(await repo.listAlarms(app.db, request.query)),
  );

  app.get(
    '/alarms/summary',
    {
      config: { action: 'alarms.view' },
      schema: { tags, description: 'Active, unacknowledged alarms per severity.', response: { 200: envelope(alarmSummary) } },
    },
    async () => ok(await repo.summary(app.db)),
  );

  app.get(
    '/alarms/assignees',
    { config: { action: 'alarms.view' }, schema: { tags, response: { 200: envelope(z.array(alarmAssignee)) } } },
    async () => ok(await repo.assignees(app.db)),
  );

  app.get(
    '/alarms/:id',
    { config: { action: 'alarms.view' }, schema: { tags, params: bigIdParam, response: { 200: envelope(alarmDetail) } } },
    async (request) => ok(await getAlarm(app, request.params.id)),
  );

  app.post(
    '/alarms/ack',
    { config: handle, schema: { tags, body: bulkAckBody, response: { 200: envelope(bulkAlarmResult) } } },
    async (request) => ok(await acknowledgeAlarms(app, request.body.ids, request.user)),
  );

  app.post(
    '/alarms/assign',
    { config: handle, schema: { tags, body: bulkAssignBody, response: { 200: envelope(bulkAlarmResult) } } },
    async (request) => ok(await assignAlarms(app, request.body.ids, request.body.userId, request.user)),
  );

  app.post(
    '/alarms/:id/ack',
    { config: handle, schema: { tags, params: bigIdParam, response: { 200: envelope(alarm) } } },
    async (request) => ok(await acknowledgeAlarm(app, request.params.id, request.user)),
  );

  app.post(
    '/alarms/:id/assign',
    { config: handle, schema: { tags, params: bigIdParam, body: assignAlarmBody, response: { 200: envelope(alarm) } } },
    async (request) => ok(await assignAlarm(app, request.params.id, request.body.userId, request.user)),
  );

  app.post(
    '/alarms/:id/comments',
    { config: handle, schema: { tags, params: bigIdParam, body: commentAlarmBody, response: { 200: envelope(alarmDetail) } } },
    async (request) => ok(await commentAlarm(app, request.params.id, request.body.text, request.user)),
  );

  app.post(
    '/alarms/:id/reset',
    {
      config: { action: 'alarms.handle' },
      schema: {
        tags,
        description: 'Sends the robot the reset-alarm command and answers its tracking record.',
        params: bigIdParam,
        response: { 200: envelope(commandRecord) },
      },
    },
    async (request) => ok(await resetAlarm(app, request.params.id, request.user)),
  );
};
