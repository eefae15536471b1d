import {
  credentialStatus,
  DEVICE_KINDS,
  envelope,
  idParam,
  migrateSharedKeyResult,
  robotSnParam,
  setSharedKeyBody,
  sharedKeyStatus,
} from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import {
  allowReenrollment,
  credentialStatusOf,
  migrateSharedKeyDevices,
  revokeCredential,
  rotateCredential,
} from './credential-service.ts';
import { connectionKey, type Device, deviceOf } from './device-names.ts';
import { listCredentials, sharedKeyDevices, writeSharedKeyEnabled } from './repository.ts';

const ACTIONS = {
  revoke: revokeCredential,
  rotate: rotateCredential,
  'allow-reenroll': allowReenrollment,
} as const;

async function sharedKeyState(app: FastifyInstance) {
  return {
    configured: app.secrets.deviceKey !== undefined,
    enabled: app.secrets.deviceKey !== undefined && (await app.deviceCredentials.sharedKeyEnabled()),
    devices: (await sharedKeyDevices(app.db)).length,
  };
}

/**
 * A device's credential from the console (docs/protocol.md, "Device enrollment"): its state, and
 * revoke, rotate and allow re-enrollment, for a robot under `/robots/{sn}/credential` and a track
 * controller under `/tracks/{id}/controller/credential`; the shared key's use and its switch.
 */
export const credentialRoutes: FastifyPluginAsyncZod = async (app) => {
  const statusSchema = { 200: envelope(credentialStatus) };
  const robot = (sn: string): Device => ({ kind: 'robot', sn });
  const controller = (trackId: number): Device => ({ kind: 'controller', trackId });

  app.get(
    '/robots/:sn/credential',
    { config: { action: 'robots.view' }, schema: { tags: ['devices'], params: robotSnParam, response: statusSchema } },
    async (request) => ok(await credentialStatusOf(app, robot(request.params.sn))),
  );
  app.get(
    '/tracks/:id/controller/credential',
    { config: { action: 'tracks.view' }, schema: { tags: ['devices'], params: idParam, response: statusSchema } },
    async (request) => ok(await credentialStatusOf(app, controller(request.params.id))),
  );
  for (const [name, act] of Object.entries(ACTIONS)) {
    app.post(
      `/robots/:sn/credential/${name}`,
      { config: { action: 'devices.credentials' }, schema: { tags: ['devices'], params: robotSnParam, response: statusSchema } },
      async (request) => ok(await act(app, robot(request.params.sn))),
    );
    app.post(
      `/tracks/:id/controller/credential/${name}`,
      { config: { action: 'devices.credentials' }, schema: { tags: ['devices'], params: idParam, response: statusSchema } },
      async (request) => ok(await act(app, controller(request.params.id))),
    );
  }

  app.get(
    '/devices/credentials',
    {
      config: { action: 'robots.view' },
      schema: {
        tags: ['devices'],
        querystring: z.object({ kind: z.enum(DEVICE_KINDS).optional() }),
        response: { 200: envelope(z.object({ items: z.array(credentialStatus) })) },
      },
    },
    async (request) => ok({ items: await listCredentials(app.db, request.query.kind) }),
  );

  app.get(
    '/devices/shared-key',
    { config: { action: 'devices.credentials' }, schema: { tags: ['devices'], response: { 200: envelope(sharedKeyStatus) } } },
    async () => ok(await sharedKeyState(app)),
  );

  app.put(
    '/devices/shared-key',
    {
      config: { action: 'devices.credentials' },
      schema: { tags: ['devices'], body: setSharedKeyBody, response: { 200: envelope(sharedKeyStatus) } },
    },
    async (request) => {
      if (!app.secrets.deviceKey) throw new AppError(409, 'shared_key_not_configured', 'DEVICE_KEY is not set');
      await writeSharedKeyEnabled(app.db, request.body.enabled);
      app.deviceCredentials.setSharedKeyEnabled(request.body.enabled);
      // Switched off: the devices still on it are signed out now.
      if (!request.body.enabled)
        for (const row of await sharedKeyDevices(app.db))
          app.deviceCredentials.revoked(connectionKey(deviceOf(row.kind as 'robot', row.identity)));
      return ok(await sharedKeyState(app));
    },
  );

  app.post(
    '/devices/shared-key/migrate',
    {
      config: { action: 'devices.credentials' },
      schema: { tags: ['devices'], response: { 200: envelope(migrateSharedKeyResult) } },
    },
    async () => ok(await migrateSharedKeyDevices(app)),
  );
};
