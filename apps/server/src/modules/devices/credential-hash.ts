import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device secrets and enrollment keys are random (192 bits), so a fast keyed hash is the right
 * store for them: HMAC-SHA-256 with the server's credential key (secrets.json). A leaked table
 * without that key gives nothing to guess from, and a check costs microseconds, so a reconnect
 * storm never waits on it. Users' passwords keep scrypt (lib/passwords.ts).
 */
export const hashSecret = (key: string, secret: string | Buffer) => createHmac('sha256', key).update(secret).digest('hex');

export const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/** A device's new password: 24 random bytes, base64url (32 characters). */
export const newDeviceSecret = () => randomBytes(24).toString('base64url');

/** An enrollment key: 24 random bytes behind a prefix that tells what it is when found on a label. */
export const newEnrollmentKey = () => `rsek_${randomBytes(24).toString('base64url')}`;
