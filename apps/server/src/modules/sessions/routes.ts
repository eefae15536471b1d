import {
  createSessionBody,
  envelope,
  idParam,
  listSessionsQuery,
  nextSessionCode,
  pageOf,
  session,
  trackAssignmentFailure,
  updateSessionBody,
} from '@railserve/protocol';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { numericId, registerAuditLoader } from '../audit/loaders.ts';
import { findSession, listSessions } from './repository.ts';
import {
  createSession,
  editSession,
  getSession,
  removeSession,
  type SessionSave,
  nextSessionCode as suggestCode,
} from './service.ts';

/**
 * A save answers 201/200 with the session, or 207 when the session was saved but its track
 * assignment failed: still `success: true` with the stored session, plus `code:
 * track_assignment_failed` and the reason (the audit hook records 207 as `partial`).
 */
function answerSave(reply: FastifyReply, save: SessionSave, okStatus: 200 | 201) {
  if (save.assignmentError === undefined) return reply.code(okStatus).send(ok(save.session));
  return reply.code(207).send({
    success: true as const,
    message: `Track assignment failed while the session was saved: ${save.assignmentError}`,
    code: 'track_assignment_failed' as const,
    details: { reason: save.assignmentError, requestedTrackIds: save.requestedTrackIds ?? [] },
    data: save.session,
  });
}

registerAuditLoader('sessions', async (app, id) => {
  const sessionId = numericId(id);
  return sessionId === undefined ? undefined : findSession(app.db, sessionId);
});

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sessions',
    {
      config: { action: 'sessions.view' },
      schema: { tags: ['sessions'], querystring: listSessionsQuery, response: { 200: envelope(pageOf(session)) } },
    },
    async (request) => ok(await listSessions(app.db, request.query)),
  );

  app.get(
    '/sessions/next-code',
    { config: { action: 'sessions.write' }, schema: { tags: ['sessions'], response: { 200: envelope(nextSessionCode) } } },
    async () => ok({ code: await suggestCode(app.db) }),
  );

  app.get(
    '/sessions/:id',
    {
      config: { action: 'sessions.view' },
      schema: { tags: ['sessions'], params: idParam, response: { 200: envelope(session) } },
    },
    async (request) => ok(await getSession(app.db, request.params.id)),
  );

  app.post(
    '/sessions',
    {
      config: { action: 'sessions.write' },
      schema: { tags: ['sessions'], body: createSessionBody, response: { 201: envelope(session), 207: trackAssignmentFailure } },
    },
    async (request, reply) => answerSave(reply, await createSession(app.db, request.body), 201),
  );

  app.put(
    '/sessions/:id',
    {
      config: { action: 'sessions.write' },
      schema: {
        tags: ['sessions'],
        params: idParam,
        body: updateSessionBody,
        response: { 200: envelope(session), 207: trackAssignmentFailure },
      },
    },
    async (request, reply) => answerSave(reply, await editSession(app.db, request.params.id, request.body), 200),
  );

  app.delete(
    '/sessions/:id',
    {
      config: { action: 'sessions.delete' },
      schema: { tags: ['sessions'], params: idParam, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await removeSession(app.db, request.params.id);
      return ok(null);
    },
  );
};
