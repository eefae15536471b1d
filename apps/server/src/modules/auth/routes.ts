import { brokerAccount, changeOwnPasswordBody, envelope, loginBody, loginData, user } from '@railserve/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { unauthorized } from '../../lib/errors.ts';
import { findUserById, toUser } from '../users/repository.ts';
import { createLoginThrottle } from './login-throttle.ts';
import { changeOwnPassword, consoleSession, signIn, signOut } from './service.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const throttle = createLoginThrottle(app.config.loginAttemptsPerMinute);

  app.post(
    '/login',
    { config: { public: true }, schema: { tags: ['auth'], body: loginBody, response: { 200: envelope(loginData) } } },
    async (request) => {
      // A refusal over the limits carries its Retry-After (plugins/errors.ts).
      const data = await signIn(app, throttle, request, request.body);
      return { success: true as const, message: 'Login successful', data };
    },
  );

  app.post(
    '/logout',
    {
      config: { action: 'dashboard.view', beforePasswordChange: true },
      schema: { tags: ['auth'], response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await signOut(app, request.user.id);
      return { success: true as const, message: 'Logged out', data: null };
    },
  );

  app.get(
    '/me',
    {
      config: { action: 'dashboard.view', beforePasswordChange: true },
      schema: { tags: ['auth'], response: { 200: envelope(user) } },
    },
    async (request) => {
      const row = await findUserById(app.db, request.user.id);
      if (!row) throw unauthorized('User no longer exists');
      return ok(toUser(row));
    },
  );

  app.put(
    '/me/password',
    {
      config: { action: 'dashboard.view', beforePasswordChange: true, audit: { type: 'user_management', target: 'me/password' } },
      schema: { tags: ['auth'], body: changeOwnPasswordBody, response: { 200: envelope(loginData) } },
    },
    async (request) => ({
      success: true as const,
      message: 'Password changed',
      data: await changeOwnPassword(app, request.user.id, request.body),
    }),
  );

  app.post(
    '/me/broker-account',
    {
      config: {
        action: 'live.view',
        // Issuing is not a change anyone reviews; a console asks at every connection.
        audit: { skip: true },
        // Each call makes an account on the broker: a runaway console cannot flood it.
        rateLimit: { max: 30, timeWindow: 60_000, keyGenerator: (request) => request.headers.authorization ?? request.ip },
      },
      schema: {
        tags: ['auth'],
        summary: 'Get broker credentials',
        description:
          'What this console connects to the broker with: user `web` and the session token on the embedded broker, a short-lived account of its own on Mosquitto with dynamic security (it ends with the token).',
        response: { 200: envelope(brokerAccount) },
      },
    },
    async (request) => ok(await app.brokerAccounts.issue(consoleSession(app, request))),
  );
};
