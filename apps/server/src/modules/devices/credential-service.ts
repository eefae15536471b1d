import { randomUUID } from 'node:crypto';
import { CREDENTIAL_COMMAND, type CredentialStatus, topics } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { requireBroker } from '../../lib/require-broker.ts';
import { findRobot } from '../robots/repository.ts';
import { findTrack } from '../tracks/repository.ts';
import { hashSecret, newDeviceSecret } from './credential-hash.ts';
import { brokerNames, connectionKey, type Device, identityOf } from './device-names.ts';
import {
  type CredentialRow,
  findCredential,
  promotePending,
  saveCredential,
  sharedKeyDevices,
  toCredentialStatus,
} from './repository.ts';

/** The device must exist: a registered robot, or a track. */
async function requireDevice(app: FastifyInstance, device: Device) {
  const found = device.kind === 'robot' ? await findRobot(app.db, device.sn) : await findTrack(app.db, device.trackId);
  if (!found && !(await findCredential(app.db, device.kind, identityOf(device))))
    throw notFound(device.kind === 'robot' ? 'Robot' : 'Track');
}

const statusOf = (device: Device, row: CredentialRow | undefined): CredentialStatus =>
  row
    ? toCredentialStatus(row)
    : {
        kind: device.kind,
        identity: identityOf(device),
        state: 'shared',
        rotationPending: false,
        rotationUntil: null,
        lastSignInAt: null,
        lastSignInKind: null,
        enrolledAt: null,
      };

export async function credentialStatusOf(app: FastifyInstance, device: Device) {
  await requireDevice(app, device);
  return statusOf(device, await findCredential(app.db, device.kind, identityOf(device)));
}

/** Revokes a device's credential (and the shared key for it): its live sessions end at once. */
export async function revokeCredential(app: FastifyInstance, device: Device) {
  await requireDevice(app, device);
  const row = await saveCredential(app.db, device.kind, identityOf(device), {
    state: 'revoked',
    secretHash: null,
    pendingHash: null,
    pendingUntil: null,
  });
  app.deviceCredentials.revoked(connectionKey(device));
  await app.deviceBrokerClients.revoked(device);
  return toCredentialStatus(row);
}

/** Releases a device for one new enrollment (a replaced robot); its current secret works until then. */
export async function allowReenrollment(app: FastifyInstance, device: Device) {
  await requireDevice(app, device);
  const row = await saveCredential(app.db, device.kind, identityOf(device), { state: 'reenroll_allowed' });
  app.deviceCredentials.forget(device);
  return toCredentialStatus(row);
}

/**
 * Sends a connected device a new credential on its command topic (`set_credential`). Until the
 * grace ends both the old and the new password open it; its first sign-in with the new one ends
 * the old one, and so does the end of the grace. A device on the shared key moves to its own
 * credential this way (the shared key is its old password).
 */
export async function rotateCredential(app: FastifyInstance, device: Device) {
  await requireDevice(app, device);
  requireBroker(app);
  const row = await findCredential(app.db, device.kind, identityOf(device));
  const state = row?.state ?? 'shared';
  if (state === 'revoked' || state === 'reenroll_allowed')
    throw conflict('conflict', 'A revoked device, or one released for re-enrollment, must enrol again');
  if (app.deviceCredentials.connected && !app.deviceCredentials.connected(connectionKey(device)))
    throw new AppError(
      409,
      'device_offline',
      'The device is not connected; the new credential can only be sent to a connected device',
    );
  return toCredentialStatus(await sendNewCredential(app, device));
}

async function sendNewCredential(app: FastifyInstance, device: Device) {
  const password = newDeviceSecret();
  const names = brokerNames(device);
  const pendingHash = hashSecret(app.secrets.credentialKey, password);
  const row = await saveCredential(app.db, device.kind, identityOf(device), {
    state: 'enrolled',
    pendingHash,
    pendingUntil: new Date(Date.now() + app.config.deviceCredentialGraceMs),
  });
  const topic = device.kind === 'robot' ? topics.robotCommand(device.sn) : topics.trackCommand(device.trackId);
  const id = randomUUID();
  // On Mosquitto the broker's client keeps the old password until the device acks (or the grace ends).
  app.deviceBrokerClients.rotating(device, {
    commandId: id,
    password,
    graceMs: app.config.deviceCredentialGraceMs,
    onTaken: () => promotePending(app.db, row.id, pendingHash),
  });
  await app.mqtt.publish(topic, {
    id,
    command: CREDENTIAL_COMMAND,
    args: { username: names.username, password, clientId: names.clientId },
    ts: new Date().toISOString(),
  });
  return row;
}

/** Moves every connected device still on the shared key to a credential of its own. */
export async function migrateSharedKeyDevices(app: FastifyInstance) {
  requireBroker(app);
  let sent = 0;
  let offline = 0;
  for (const row of await sharedKeyDevices(app.db)) {
    const device: Device =
      row.kind === 'robot' ? { kind: 'robot', sn: row.identity } : { kind: 'controller', trackId: Number(row.identity) };
    if (app.deviceCredentials.connected && !app.deviceCredentials.connected(connectionKey(device))) {
      offline++;
      continue;
    }
    await sendNewCredential(app, device);
    sent++;
  }
  return { sent, offline };
}
