import { API_ROOT } from '@railserve/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import { containsNul } from '../lib/nul.ts';

const nulRefused = (where: string) =>
  new AppError(400, 'nul_character', `The ${where} contains the NUL character (U+0000), which is not allowed`);

/** `%00` anywhere in the path or query string, in either case (a literal NUL cannot reach us: Node refuses it). */
const ENCODED_NUL = /%00/i;

/**
 * Refuses U+0000 in every input of the API before anything else sees it: the URL (path
 * parameters and query) when the request arrives, before authentication; the parsed body before
 * validation. PostgreSQL refuses NUL in text, so a NUL that got through would fail its request
 * with a 500 and cost every other row written in the same batch.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  const isApi = (request: FastifyRequest) => request.url.startsWith(API_ROOT);
  app.addHook('onRequest', async (request) => {
    if (isApi(request) && ENCODED_NUL.test(request.url)) throw nulRefused('address');
  });
  app.addHook('preValidation', async (request) => {
    if (isApi(request) && containsNul(request.body)) throw nulRefused('request body');
  });
});
