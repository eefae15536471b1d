import type { CreatedEnrollmentKey, CreateEnrollmentKeyBody } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../lib/errors.ts';
import { findSession } from '../sessions/repository.ts';
import { hashSecret, newEnrollmentKey } from './credential-hash.ts';
import { insertEnrollmentKey, revokeEnrollmentKey } from './repository.ts';

/** Makes an enrollment key for a session; the key itself is answered here and never again. */
export async function createEnrollmentKey(
  app: FastifyInstance,
  body: CreateEnrollmentKeyBody,
  createdBy: string | undefined,
): Promise<CreatedEnrollmentKey> {
  if (!(await findSession(app.db, body.sessionId))) throw badRequest('bad_request', 'No such session');
  const key = newEnrollmentKey();
  const row = await insertEnrollmentKey(app.db, {
    sessionId: body.sessionId,
    keyHash: hashSecret(app.secrets.credentialKey, key),
    expiresAt: new Date(Date.now() + body.expiresInMinutes * 60_000),
    usesLeft: body.uses,
    serials: body.serials ? [...new Set(body.serials)] : null,
    createdBy: createdBy ?? null,
  });
  return { id: row.id, key, expiresAt: row.expiresAt.toISOString(), usesLeft: row.usesLeft };
}

export async function removeEnrollmentKey(app: FastifyInstance, id: number) {
  if (!(await revokeEnrollmentKey(app.db, id))) throw notFound('Enrollment key');
}
