import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_ROOT } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const defaultDist = new URL('../../../web/dist', import.meta.url).pathname;

/**
 * Hashed build assets never change under their name: cached for a year. The page itself is
 * revalidated on every load, so a new version is picked up at once; other files for an hour.
 */
export function cacheControlFor(relativePath: string): string {
  if (relativePath.startsWith(`assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (relativePath.replace(/\.(br|gz)$/, '') === 'index.html') return 'no-cache';
  return 'public, max-age=3600';
}

/** Serves the built web app, with every unknown non-API GET answered by index.html (SPA routes). */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const root = path.resolve(app.config.webDist ?? defaultDist);
  const built = existsSync(path.join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (apps/web/build/precompress.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => reply.header('cache-control', cacheControlFor(path.relative(root, file))),
    });
  } else {
    app.log.warn(`Web app not built (${root}): run "npm run build:web"`);
  }

  app.setNotFoundHandler((request, reply) => {
    // A missing file under /assets is a 404, never the SPA page: a stale page then reloads instead of parsing HTML as JS.
    const isAsset = request.url.startsWith('/assets/');
    if (request.method === 'GET' && !request.url.startsWith(API_ROOT) && !isAsset && built) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    }
    if (request.method === 'GET' && !request.url.startsWith(API_ROOT) && !isAsset) {
      return reply.code(503).type('text/plain').send('The web app is not built: run "npm run build:web".');
    }
    return reply.code(404).send({ success: false, message: `No route ${request.method} ${request.url}`, code: 'not_found' });
  });
});
