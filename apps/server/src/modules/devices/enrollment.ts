import { type DeviceCredential, type EnrollDeviceBody, isReservedSn } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { findTrack } from '../tracks/repository.ts';
import { hashSecret, newDeviceSecret } from './credential-hash.ts';
import { brokerNames, connectionKey, type Device, identityOf } from './device-names.ts';
import { claimCredential, type EnrollmentKeyRow, findKeyByHash, spendKey } from './repository.ts';

const keyRefused = (message: string) => new AppError(401, 'enrollment_key_invalid', message);

/** The device a body names: a robot its serial number, a controller its track id, never both. */
export function enrollingDevice(body: EnrollDeviceBody): Device {
  if (body.kind === 'robot') {
    if (body.sn === undefined || body.trackId !== undefined)
      throw badRequest('enrollment_identity_mismatch', 'A robot enrols with its serial number (sn) and no trackId');
    if (isReservedSn(body.sn)) throw badRequest('sn_reserved', 'This serial number begins with a reserved prefix');
    return { kind: 'robot', sn: body.sn };
  }
  if (body.trackId === undefined || body.sn !== undefined)
    throw badRequest('enrollment_identity_mismatch', 'A track controller enrols with its trackId and no sn');
  return { kind: 'controller', trackId: body.trackId };
}

/** Whether a live key may enrol this device (its serial list, and a controller's track in its session). */
async function keyOpens(app: FastifyInstance, key: EnrollmentKeyRow, device: Device) {
  if (key.revokedAt || key.expiresAt.getTime() <= Date.now() || key.usesLeft <= 0) return false;
  const name = brokerNames(device).username;
  if (key.serials && !key.serials.includes(name)) return false;
  if (device.kind === 'controller') {
    const track = await findTrack(app.db, device.trackId);
    if (!track || track.sessionId !== key.sessionId) return false;
  }
  return true;
}

/**
 * Enrols a device (POST /devices/enroll): a live key that opens it, and no credential of its own
 * yet, or one an administrator released for re-enrollment. Answers the credential, once; the
 * server keeps its hash only. The key's use and the credential are written together.
 */
export async function enrollDevice(app: FastifyInstance, keyHash: string, device: Device): Promise<DeviceCredential> {
  const key = await findKeyByHash(app.db, keyHash);
  if (!key || !(await keyOpens(app, key, device)))
    throw keyRefused('The enrollment key is wrong, expired, used up, revoked or not for this device');
  const password = newDeviceSecret();
  const now = new Date();
  await app.db.transaction(async (tx) => {
    if (!(await spendKey(tx, key.id))) throw keyRefused('The enrollment key is used up');
    const claimed = await claimCredential(tx, device.kind, identityOf(device), ['shared', 'reenroll_allowed'], {
      state: 'enrolled',
      secretHash: hashSecret(app.secrets.credentialKey, password),
      pendingHash: null,
      pendingUntil: null,
      enrollmentKeyId: key.id,
      enrolledAt: now,
    });
    if (!claimed)
      throw conflict('device_already_enrolled', 'This device is already enrolled; an administrator must allow re-enrollment');
  });
  // A replaced device's old connection, or the same device still on the shared key, ends now.
  app.deviceCredentials.forget(device);
  app.deviceCredentials.revoked(connectionKey(device));
  // On Mosquitto the device's own client is in place before it hears its credential (a broker
  // that is away does not fail the enrollment: the change is retried).
  await app.deviceBrokerClients.enrolled(device, password);
  return { ...brokerNames(device), password };
}
