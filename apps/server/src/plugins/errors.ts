import type { ErrorCode } from '@railserve/protocol';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

/** One error envelope for the whole API; a client's mistake is never a 500. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A refusal for too many attempts says when to come back (sign-in, verification codes).
      const wait = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if (error.statusCode === 429 && typeof wait === 'number' && wait > 0) reply.header('retry-after', String(wait));
      return reply
        .code(error.statusCode)
        .send({ success: false, message: error.message, code: error.code, details: error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].filter(Boolean),
        message: issue.message,
      }));
      const fields = details.map((d) => `${d.path.join('.')}: ${d.message}`).join('; ');
      return reply.code(400).send({ success: false, message: `Invalid input: ${fields}`, code: 'validation_failed', details });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ success: false, message: 'Internal server error', code: 'internal_error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ success: false, message: error.message, code: CODE_BY_STATUS[status] ?? 'bad_request' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ success: false, message: 'Internal server error', code: 'internal_error' });
  });
});
