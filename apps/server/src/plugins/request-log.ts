import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One line per request, written when the answer is sent: method, address, status and time.
 * Fastify's own request logging (an "incoming request" and a "request completed" line for every
 * request) is turned off in `httpOptions`; this line replaces both. Headers and bodies are never
 * logged, so neither a token nor a password can reach the log.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (request, reply) => {
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    const statusCode = reply.statusCode;
    const line = { method: request.method, url: request.url, statusCode, responseTime };
    const message = `${request.method} ${request.url} ${statusCode} ${responseTime} ms`;
    if (statusCode >= 500) request.log.error(line, message);
    else request.log.info(line, message);
  });
});
