import Fastify, { type FastifyInstance } from 'fastify';
import { app } from '../../src/app.ts';
import type { TestApp } from '../helper.ts';

/**
 * A second server instance on the same database and the same external broker as `first`
 * (the scale-out setup of DESIGN section 1). Close it before `first`, which owns the database.
 */
export async function startSecondInstance(first: TestApp): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  // A name of its own, when named: on an external broker each named instance has its own lasting session.
  const config = { ...first.config, instanceName: first.config.instanceName && `${first.config.instanceName}-second` };
  await server.register(app, { config, secrets: first.secrets, database: first.database });
  await server.ready();
  return server;
}
