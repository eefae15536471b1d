import { API_ROOT, JSON_BODY_DEPTH_MAX, jsonDepthExceeds } from '@railserve/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import { containsNul } from '../lib/nul.ts';

const nulRefused = (where: string) =>
  new AppError(400, 'nul_character', `The ${where} contains the NUL character (U+0000), which is not allowed`);

/** `%00` anywhere in the path or query string, in either case (a literal NUL cannot reach us: Node refuses it). */
const ENCODED_NUL = /%00/i;

const tooDeep = () =>
  new AppError(400, 'json_too_deep', `The JSON body nests deeper than ${JSON_BODY_DEPTH_MAX} levels`, {
    maxDepth: JSON_BODY_DEPTH_MAX,
  });

/**
 * Refuses U+0000 in every input of the API before anything else sees it: the URL (path
 * parameters and query) when the request arrives, before authentication; the parsed body before
 * validation. PostgreSQL refuses NUL in text, so a NUL that got through would fail its request
 * with a 500 and cost every other row written in the same batch.
 * A JSON body nested deeper than JSON_BODY_DEPTH_MAX is refused before it is parsed, so that no
 * walk over a body (the NUL check, the audit's masks, a schema's refinement) can run out of stack.
 * Registered before every route, whose contexts inherit the parser.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  // Fastify's own parser, with its defaults (`__proto__` and `constructor.prototype` refused).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string, JSON_BODY_DEPTH_MAX)) return done(tooDeep(), undefined);
    parseJson(request, body as string, done);
  });

  const isApi = (request: FastifyRequest) => request.url.startsWith(API_ROOT);
  app.addHook('onRequest', async (request) => {
    if (isApi(request) && ENCODED_NUL.test(request.url)) throw nulRefused('address');
  });
  app.addHook('preValidation', async (request) => {
    if (isApi(request) && containsNul(request.body)) throw nulRefused('request body');
  });
});
