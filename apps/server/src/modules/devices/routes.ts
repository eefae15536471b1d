import {
  createdEnrollmentKey,
  createEnrollmentKeyBody,
  deviceCredential,
  ENROLLMENT_LIMITS,
  enrollDeviceBody,
  enrollmentKey,
  envelope,
  idParam,
  listEnrollmentKeysQuery,
} from '@railserve/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createAttemptThrottle } from '../../lib/attempt-throttle.ts';
import { createConcurrencyGate } from '../../lib/concurrency-gate.ts';
import { ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { numericId, registerAuditLoader } from '../audit/loaders.ts';
import { hashSecret } from './credential-hash.ts';
import { credentialRoutes } from './credential-routes.ts';
import { enrollDevice, enrollingDevice } from './enrollment.ts';
import { createEnrollmentKey, removeEnrollmentKey } from './key-service.ts';
import { findEnrollmentKey, listEnrollmentKeys } from './repository.ts';

/** Wrong enrollment attempts a minute per address and key (three times as many per address over all keys). */
const ENROLL_FAILURES_PER_MINUTE = 10;
/**
 * Enrollments written at once. A fleet enrolling together queues here rather than in front of the
 * database, so every other request still gets its turn (docs/benchmarks.md, "Device identity").
 */
const ENROLLMENTS_AT_ONCE = 4;

registerAuditLoader('enrollment-keys', async (app, id) => {
  const keyId = numericId(id);
  return keyId === undefined ? undefined : findEnrollmentKey(app.db, keyId);
});

export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only wrong attempts count per address: a site enrolling a whole fleet from behind one address is never slowed.
  const throttle = createAttemptThrottle({ perMinute: ENROLL_FAILURES_PER_MINUTE, sourceCounts: 'failures' });
  const enrolling = createConcurrencyGate(ENROLLMENTS_AT_ONCE);

  app.post(
    '/enrollment-keys',
    {
      config: { action: 'devices.enrollment_keys' },
      schema: { tags: ['devices'], body: createEnrollmentKeyBody, response: { 201: envelope(createdEnrollmentKey) } },
    },
    async (request, reply) => reply.code(201).send(ok(await createEnrollmentKey(app, request.body, request.user.username))),
  );

  app.get(
    '/enrollment-keys',
    {
      config: { action: 'devices.enrollment_keys' },
      schema: {
        tags: ['devices'],
        querystring: listEnrollmentKeysQuery,
        response: { 200: envelope(z.object({ items: z.array(enrollmentKey) })) },
      },
    },
    async (request) => ok({ items: await listEnrollmentKeys(app.db, request.query.sessionId) }),
  );

  app.delete(
    '/enrollment-keys/:id',
    {
      config: { action: 'devices.enrollment_keys' },
      schema: { tags: ['devices'], params: idParam, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await removeEnrollmentKey(app, request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/devices/enroll',
    {
      // A body over the limit is refused from its Content-Length, before it is read.
      bodyLimit: ENROLLMENT_LIMITS.enrollBodyBytes,
      config: { public: true, attemptLimit: 'too_many_requests' },
      schema: { tags: ['devices'], body: enrollDeviceBody, response: { 200: envelope(deviceCredential) } },
    },
    async (request) => {
      const device = enrollingDevice(request.body);
      const keyHash = hashSecret(app.secrets.credentialKey, request.body.enrollmentKey);
      const wait = throttle.check([request.ip], keyHash);
      if (wait > 0)
        throw new AppError(429, 'too_many_requests', 'Too many enrollment attempts, please try again later', {
          retryAfterSeconds: wait,
        });
      try {
        const credential = await enrolling(() => enrollDevice(app, keyHash, device));
        throttle.succeeded([request.ip], keyHash);
        return ok(credential);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401) throttle.failed([request.ip], keyHash);
        throw error;
      }
    },
  );

  await app.register(credentialRoutes);
};
