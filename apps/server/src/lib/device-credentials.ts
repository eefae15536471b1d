import { timingSafeEqual } from 'node:crypto';
import { type BrokerIdentity, deviceIdentity } from '../broker/acl.ts';

/** A robot or track controller, as its credentials name it. */
export type DeviceIdentity = { kind: 'robot'; sn: string } | { kind: 'track'; trackId: number };

/** Compares a secret in constant time. */
export function sameSecret(given: Buffer | string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.isBuffer(given) ? given : Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function asDevice(identity: BrokerIdentity | undefined): DeviceIdentity | undefined {
  if (identity?.role === 'robot') return { kind: 'robot', sn: identity.sn };
  if (identity?.role === 'controller') return { kind: 'track', trackId: identity.trackId };
  return undefined;
}

/**
 * A device's HTTP credentials: `Authorization: Basic base64(<broker username>:<password>)`, the
 * same username and password the device uses on the broker (DESIGN section 4): its own
 * credential, or DEVICE_KEY where still allowed. `verify` checks the password.
 */
export async function deviceFromBasicAuth(
  header: string | undefined,
  verify: (device: DeviceIdentity, password: string) => Promise<boolean>,
): Promise<DeviceIdentity | undefined> {
  const match = /^Basic ([A-Za-z0-9+/=]{1,512})$/.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return undefined;
  const device = asDevice(deviceIdentity(decoded.slice(0, colon)));
  return device && (await verify(device, decoded.slice(colon + 1))) ? device : undefined;
}
