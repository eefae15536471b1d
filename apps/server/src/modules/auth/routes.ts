import { envelope, loginBody, loginData, user } from '@railserve/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { decoyHash, verifyPassword } from '../../lib/passwords.ts';
import { findUserById, findUserByUsername, toUser } from '../users/repository.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      config: {
        public: true,
        rateLimit: {
          // After validation, so the key can name the attempted user.
          hook: 'preHandler',
          max: app.config.loginAttemptsPerMinute,
          timeWindow: '1 minute',
          keyGenerator: (request) =>
            `${request.ip}|${String((request.body as { username?: unknown })?.username ?? '').toLowerCase()}`,
        },
      },
      schema: { tags: ['auth'], body: loginBody, response: { 200: envelope(loginData) } },
    },
    async (request) => {
      const { username, password } = request.body;
      const row = await findUserByUsername(app.db, username);
      const valid = await verifyPassword(password, row?.passwordHash ?? (await decoyHash));
      if (!row || !valid) throw new AppError(401, 'invalid_credentials', 'Login failed, check your username and password');
      if (row.status !== 'active') throw new AppError(403, 'user_inactive', 'This account is inactive');
      const token = await app.jwt.sign({ sub: String(row.id), username: row.username, permission: row.permission });
      request.user = { id: row.id, username: row.username, nickname: row.nickname, permission: row.permission };
      return { success: true as const, message: 'Login successful', data: { token, user: toUser(row) } };
    },
  );

  app.post(
    '/logout',
    { config: { action: 'dashboard.view' }, schema: { tags: ['auth'], response: { 200: envelope(z.null()) } } },
    async () => ({ success: true as const, message: 'Logged out', data: null }),
  );

  app.get(
    '/me',
    { config: { action: 'dashboard.view' }, schema: { tags: ['auth'], response: { 200: envelope(user) } } },
    async (request) => {
      const row = await findUserById(app.db, request.user.id);
      if (!row) throw unauthorized('User no longer exists');
      return { success: true as const, data: toUser(row) };
    },
  );
};
