import jwt from '@fastify/jwt';
import { type Action, API_ROOT, can, TOKEN_AUDIENCE } from '@railserve/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { deviceFromBasicAuth } from '../lib/device-credentials.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { findActiveSessionUser } from '../modules/users/repository.ts';
import type { ApiRoute } from '../types.ts';
import { API_DOCS_PREFIX } from './openapi.ts';

/**
 * Authentication and permissions for the whole API: every /api route must declare
 * `config.public` or `config.action`, checked when the route is added, so no route can
 * forget its permission; one hook then verifies the token and the matrix on every request.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  await app.register(jwt, {
    secret: app.secrets.jwtSecret,
    sign: { algorithm: 'HS256', aud: TOKEN_AUDIENCE, expiresIn: app.config.tokenTtlSeconds },
    verify: { algorithms: ['HS256'], allowedAud: TOKEN_AUDIENCE },
  });

  const catalog: ApiRoute[] = [];
  app.decorate('apiCatalog', catalog);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_ROOT) || route.url.startsWith(API_DOCS_PREFIX) || route.method === 'HEAD') return;
    const config = route.config as { public?: boolean; action?: Action; devices?: boolean } | undefined;
    if (!config?.public && !config?.action) {
      throw new Error(`Route ${route.method} ${route.url} declares neither config.public nor config.action`);
    }
    for (const method of [route.method].flat())
      catalog.push({
        method,
        url: route.url,
        public: Boolean(config.public),
        action: config.action,
        devices: Boolean(config.devices),
      });
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const url = request.routeOptions.url;
    if (!url?.startsWith(API_ROOT) || url.startsWith(API_DOCS_PREFIX) || config.public) return;
    if (config.devices && request.headers.authorization?.startsWith('Basic ')) {
      request.device = await deviceFromBasicAuth(request.headers.authorization, async (device, password) => {
        const named = device.kind === 'robot' ? device : { kind: 'controller' as const, trackId: device.trackId };
        return (await app.deviceCredentials.verify(named, password, false)) !== undefined;
      });
      if (!request.device) throw unauthorized('Invalid device credentials');
      return;
    }
    request.user = await authenticate(app, request);
    if (request.user.mustChangePassword && !config.beforePasswordChange)
      throw forbidden('Choose a new password before anything else', 'password_change_required');
    if (config.action && !can(request.user.permission, config.action)) throw forbidden();
  });
});

async function authenticate(app: FastifyInstance, request: FastifyRequest) {
  if (!request.headers.authorization) throw unauthorized();
  let claims: { sub: string; ver?: unknown };
  try {
    claims = await request.jwtVerify<{ sub: string; ver?: unknown }>();
  } catch (error) {
    const expired = (error as { code?: string }).code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED';
    throw unauthorized(expired ? 'Session expired' : 'Invalid session token', expired ? 'token_expired' : 'unauthorized');
  }
  // The user is read on every request: a deactivation, a level or password change and a logout
  // raise the token version, which ends every token signed before at once.
  const user = await findActiveSessionUser(app.db, Number(claims.sub));
  if (!user) throw unauthorized('User no longer active');
  if (claims.ver !== user.tokenVersion) throw unauthorized('Session ended, please sign in again');
  return user;
}
