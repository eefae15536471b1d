import { createUserBody, envelope, idParam, listUsersQuery, pageOf, updateUserBody, user } from '@railserve/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { numericId, registerAuditLoader } from '../audit/loaders.ts';
import { findUserById, listUsers, toUser } from './repository.ts';
import { createUser, editUser, getUser, removeUser } from './service.ts';

registerAuditLoader('users', async (app, id) => {
  const userId = numericId(id);
  const row = userId === undefined ? undefined : await findUserById(app.db, userId);
  return row && toUser(row);
});

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      config: { action: 'users.view' },
      schema: { tags: ['users'], querystring: listUsersQuery, response: { 200: envelope(pageOf(user)) } },
    },
    async (request) => ok(await listUsers(app.db, request.query)),
  );

  app.get(
    '/users/:id',
    { config: { action: 'users.view' }, schema: { tags: ['users'], params: idParam, response: { 200: envelope(user) } } },
    async (request) => ok(await getUser(app.db, request.params.id)),
  );

  app.post(
    '/users',
    { config: { action: 'users.write' }, schema: { tags: ['users'], body: createUserBody, response: { 201: envelope(user) } } },
    async (request, reply) => reply.code(201).send(ok(await createUser(app.db, request.body, request.user))),
  );

  app.put(
    '/users/:id',
    {
      config: { action: 'users.write' },
      schema: { tags: ['users'], params: idParam, body: updateUserBody, response: { 200: envelope(user) } },
    },
    async (request) => ok(await editUser(app, request.params.id, request.body, request.user)),
  );

  app.delete(
    '/users/:id',
    { config: { action: 'users.write' }, schema: { tags: ['users'], params: idParam, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await removeUser(app, request.params.id, request.user);
      return ok(null);
    },
  );
};
