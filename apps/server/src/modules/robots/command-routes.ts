import {
  commandRecord,
  envelope,
  listCommandsQuery,
  pageOf,
  robotCommandBody,
  robotConfigParam,
  robotConfigView,
  robotSnParam,
  robotWriteQuery,
} from '@railserve/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { commandRobot, listRobotCommands, readConfig, writeConfig } from './service.ts';

/** A group's body is checked against that group's schema in the service (the group is a path parameter). */
const configBody = z.record(z.string(), z.unknown());

/** `/robots/{sn}/config/{group}` and `/robots/{sn}/commands`; `?wait=true` answers after the ack or the timeout. */
export const robotCommandRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/robots/:sn/config/:group',
    {
      config: { action: 'robots.view' },
      schema: { tags: ['robots'], params: robotConfigParam, response: { 200: envelope(robotConfigView) } },
    },
    async (request) => ok(await readConfig(app, request.params.sn, request.params.group)),
  );

  app.put(
    '/robots/:sn/config/:group',
    {
      config: { action: 'robots.configure' },
      schema: {
        tags: ['robots'],
        params: robotConfigParam,
        querystring: robotWriteQuery,
        body: configBody,
        response: { 200: envelope(commandRecord) },
      },
    },
    async (request) => {
      const { sn, group } = request.params;
      const record = await writeConfig(app, sn, group, request.body, request.user.username, request.query.wait);
      // The audit record compares the settings as written with the ones last reported, not the command record.
      if (request.auditContext) request.auditContext.newValues = record.args?.data ?? request.body;
      return ok(record);
    },
  );

  app.post(
    '/robots/:sn/commands',
    {
      config: { action: 'robots.command' },
      schema: {
        tags: ['robots'],
        params: robotSnParam,
        querystring: robotWriteQuery,
        body: robotCommandBody,
        response: { 200: envelope(commandRecord) },
      },
    },
    async (request) => ok(await commandRobot(app, request.params.sn, request.body, request.user, request.query.wait)),
  );

  app.get(
    '/robots/:sn/commands',
    {
      config: { action: 'robots.view' },
      schema: {
        tags: ['robots'],
        params: robotSnParam,
        querystring: listCommandsQuery,
        response: { 200: envelope(pageOf(commandRecord)) },
      },
    },
    async (request) => ok(await listRobotCommands(app, request.params.sn, request.query)),
  );
};
