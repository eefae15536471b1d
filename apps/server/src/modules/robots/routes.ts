import { commandRecord, envelope, listRobotsQuery, pageOf, renameRobotBody, robot, robotSnParam } from '@railserve/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { registerAuditLoader } from '../audit/loaders.ts';
import { robotCommandRoutes } from './command-routes.ts';
import { findKnownRobot } from './known.ts';
import { findConfigReport, toRobot } from './repository.ts';
import { getRobot, listRobots, removeRobot, renameRobot } from './service.ts';

// Old values for the audit record of a rename or removal, and of a configuration write (the group as last reported).
registerAuditLoader('robots', async (app, sn) => {
  const row = await findKnownRobot(app, sn);
  return row && toRobot(row);
});
registerAuditLoader('robots/config', async (app, sn, request) => {
  const { group } = request.params as { group: string };
  return (await findConfigReport(app.db, sn))?.config[group];
});

/** `/robots` and `/robots/{sn}`; configuration and commands in command-routes.ts. */
export const robotRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/robots',
    {
      config: { action: 'robots.view' },
      schema: { tags: ['robots'], querystring: listRobotsQuery, response: { 200: envelope(pageOf(robot)) } },
    },
    async (request) => ok(await listRobots(app, request.query)),
  );

  app.get(
    '/robots/:sn',
    { config: { action: 'robots.view' }, schema: { tags: ['robots'], params: robotSnParam, response: { 200: envelope(robot) } } },
    async (request) => ok(await getRobot(app, request.params.sn)),
  );

  app.patch(
    '/robots/:sn',
    {
      config: { action: 'robots.rename' },
      schema: { tags: ['robots'], params: robotSnParam, body: renameRobotBody, response: { 200: envelope(robot) } },
    },
    async (request) => ok(await renameRobot(app, request.params.sn, request.body.name, request.user.username)),
  );

  app.delete(
    '/robots/:sn',
    {
      config: { action: 'robots.remove' },
      schema: { tags: ['robots'], params: robotSnParam, response: { 200: envelope(commandRecord.nullable()) } },
    },
    async (request) => ok(await removeRobot(app, request.params.sn, request.user.username)),
  );

  await app.register(robotCommandRoutes);
};
