import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { sameSecret } from '../../lib/device-credentials.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { hashSecret, sameHash } from './credential-hash.ts';
import { createCredentialLoader } from './credential-loader.ts';
import { type Device, identityOf } from './device-names.ts';
import { type CredentialRow, promotePending, readSharedKeyEnabled, recordSignIns } from './repository.ts';

/** How a device proved itself: with its own credential or the shared DEVICE_KEY. */
export type SignInKind = 'own' | 'shared';

/** The longest password a device may present; anything longer is refused without hashing. */
const PASSWORD_MAX_BYTES = 256;
/** A refused revoked device is remembered this long, so a reconnect loop costs no database read. */
const REVOKED_MEMORY_MS = 5000;
/** Refused sign-ins of revoked devices are logged at most this often, with their count. */
const REFUSALS_LOG_EVERY_MS = 60_000;
/** How long the shared-key switch read from the database is trusted. */
const SETTING_TTL_MS = 5000;
/** Sign-ins are written together this often: a reconnect storm costs a few statements, not one per device. */
const SIGN_IN_FLUSH_MS = 500;

export type DeviceCredentialService = ReturnType<typeof createDeviceCredentials>;

/**
 * Checks a device's password on every broker sign-in and device HTTP call (docs/protocol.md,
 * "Device enrollment"): its own credential (or, during a rotation's grace, the new one, which
 * then replaces the old), else the shared DEVICE_KEY while the installation allows it and the
 * device has no credential of its own. Also the bus by which a revocation reaches the live
 * connections of the embedded broker.
 */
export function createDeviceCredentials(options: { db: Database; secrets: Secrets; log: FastifyBaseLogger }) {
  const { db, secrets, log } = options;
  const listeners = new Set<(connectionKey: string) => void>();
  const findCredential = createCredentialLoader(db);
  const revokedSeen = new Map<string, number>();
  let refusals = { count: 0, identities: new Set<string>(), loggedAt: Number.NEGATIVE_INFINITY };
  let sharedSetting = { enabled: true, readAt: Number.NEGATIVE_INFINITY };
  const signIns = new Map<string, { kind: Device['kind']; identity: string; how: SignInKind; at: Date }>();
  let flushing = Promise.resolve();
  const flush = () => {
    const batch = [...signIns.values()];
    signIns.clear();
    flushing = flushing
      .then(() => recordSignIns(db, batch))
      .catch((error) => log.error({ err: error, signIns: batch.length }, 'could not record device sign-ins'));
    return flushing;
  };
  const timer = setInterval(() => {
    if (signIns.size > 0) void flush();
  }, SIGN_IN_FLUSH_MS);
  timer.unref();

  const sharedKeyEnabled = async () => {
    if (Date.now() - sharedSetting.readAt > SETTING_TTL_MS)
      sharedSetting = { enabled: await readSharedKeyEnabled(db), readAt: Date.now() };
    return sharedSetting.enabled;
  };

  const refusedRevoked = (device: Device) => {
    const key = `${device.kind}:${identityOf(device)}`;
    revokedSeen.set(key, Date.now());
    refusals.count++;
    if (refusals.identities.size < 20) refusals.identities.add(key);
    if (Date.now() - refusals.loggedAt < REFUSALS_LOG_EVERY_MS) return;
    log.warn({ refused: refusals.count, devices: [...refusals.identities] }, 'revoked devices tried to sign in');
    refusals = { count: 0, identities: new Set(), loggedAt: Date.now() };
  };

  const ownCredential = (row: CredentialRow, password: Buffer): 'old' | 'new' | undefined => {
    const given = hashSecret(secrets.credentialKey, password);
    const inGrace = row.pendingUntil !== null && row.pendingUntil.getTime() > Date.now();
    if (row.pendingHash && sameHash(given, row.pendingHash)) return 'new';
    // The old secret works during the grace only; after it, the new one alone.
    if (row.secretHash && (inGrace || !row.pendingHash) && sameHash(given, row.secretHash)) return 'old';
    return undefined;
  };

  return {
    /** The connection keys (broker/acl.ts identityKey) of devices whose sessions must end now. */
    onRevoked(listener: (connectionKey: string) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    revoked(connectionKey: string) {
      for (const listener of listeners) listener(connectionKey);
    },
    /** Forgets a remembered revocation (re-enrollment allowed, or a new credential). */
    forget(device: Device) {
      revokedSeen.delete(`${device.kind}:${identityOf(device)}`);
    },
    /** Whether the embedded broker holds a connection of the device; unknown (undefined) with an external broker. */
    connected: undefined as ((connectionKey: string) => boolean) | undefined,
    sharedKeyEnabled,
    setSharedKeyEnabled(enabled: boolean) {
      sharedSetting = { enabled, readAt: Date.now() };
    },

    /** Writes the sign-ins gathered so far (tests, shutdown). */
    flushSignIns: flush,
    close() {
      clearInterval(timer);
      return flush();
    },

    /** How the device proved itself, or undefined. `record` writes the sign-in (broker sign-ins). */
    async verify(device: Device, password: Buffer | string | undefined, record = true): Promise<SignInKind | undefined> {
      if (password === undefined || password.length === 0 || password.length > PASSWORD_MAX_BYTES) return undefined;
      const given = Buffer.isBuffer(password) ? password : Buffer.from(password);
      const key = `${device.kind}:${identityOf(device)}`;
      const seen = revokedSeen.get(key);
      if (seen !== undefined && Date.now() - seen < REVOKED_MEMORY_MS) return void refusedRevoked(device);
      const identity = identityOf(device);
      const row = await findCredential(device.kind, identity);
      if (row?.state === 'revoked') return void refusedRevoked(device);
      let how: SignInKind | undefined;
      const own = row ? ownCredential(row, given) : undefined;
      if (own) {
        how = 'own';
        if (own === 'new' && row?.pendingHash) await promotePending(db, row.id, row.pendingHash);
      } else if (
        mayUseSharedKey(row) &&
        secrets.deviceKey &&
        (await sharedKeyEnabled()) &&
        sameSecret(given, secrets.deviceKey)
      ) {
        how = 'shared';
      }
      if (how && record) signIns.set(key, { kind: device.kind, identity, how, at: new Date() });
      return how;
    },
  };
}

/**
 * The shared key opens a device with no credential of its own, and one moved to its own credential
 * by the console until its first sign-in with it (a rotation's grace with no old secret).
 */
function mayUseSharedKey(row: CredentialRow | undefined) {
  if (!row || row.state === 'shared') return true;
  return (
    row.state === 'enrolled' && row.secretHash === null && row.pendingUntil !== null && row.pendingUntil.getTime() > Date.now()
  );
}
