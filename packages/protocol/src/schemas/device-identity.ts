import { z } from 'zod';
import { brokerClientId } from '../mqtt/broker-rules.ts';
import { SN_PATTERN } from '../mqtt/topics.ts';
import { dbId, int4Id } from './common.ts';

/**
 * Device identity (docs/protocol.md, "Device enrollment"): every robot and track controller gets a
 * broker credential of its own, by presenting an enrollment key once. Keys are made per session
 * (site) by the maker's administrators; a credential is revoked, rotated or released for
 * re-enrollment (a replaced robot) from the console.
 */
export const DEVICE_KINDS = ['robot', 'controller'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** Where a device's credential stands; `shared` is a device still signing in with DEVICE_KEY. */
export const CREDENTIAL_STATES = ['shared', 'enrolled', 'revoked', 'reenroll_allowed'] as const;
export type CredentialState = (typeof CREDENTIAL_STATES)[number];
/** Which password a device last signed in with. */
export const SIGN_IN_KINDS = ['own', 'shared'] as const;

/**
 * Serial-number prefixes a robot may not enrol with: they are other identities' broker usernames
 * (controllers `track-{id}`, on-site servers `site-…`, tablets `tablet-…`, the server and browsers).
 */
export const RESERVED_SN_PREFIXES = ['track-', 'site-', 'tablet-', 'railserve-', 'web'] as const;
export const isReservedSn = (sn: string) => RESERVED_SN_PREFIXES.some((prefix) => sn.toLowerCase().startsWith(prefix));

export const ENROLLMENT_LIMITS = {
  /** An enrollment key's longest life. */
  expiresInMinutesMax: 60 * 24 * 90,
  usesMax: 10_000,
  serialsMax: 1000,
  /** The enrollment request's largest body; a bigger one is refused before it is read. */
  enrollBodyBytes: 1024,
  keyMax: 128,
} as const;

/** An enrollment body: a robot names its serial number, a controller its track id. */
export const enrollDeviceBody = z.strictObject({
  enrollmentKey: z.string().min(1, { error: 'required' }).max(ENROLLMENT_LIMITS.keyMax),
  kind: z.enum(DEVICE_KINDS),
  sn: z.string().regex(SN_PATTERN, { error: 'invalid_sn' }).optional(),
  trackId: int4Id.optional(),
});
export type EnrollDeviceBody = z.infer<typeof enrollDeviceBody>;

/** The device's broker credential, answered once by enrollment and sent once at rotation. */
export const deviceCredential = z.object({ username: z.string(), password: z.string(), clientId: z.string() });
export type DeviceCredential = z.infer<typeof deviceCredential>;

/** A device's broker username and client id (DESIGN section 4). */
export const deviceBrokerNames = (device: { kind: 'robot'; sn: string } | { kind: 'controller'; trackId: number }) =>
  device.kind === 'robot'
    ? { username: device.sn, clientId: brokerClientId.robot(device.sn) }
    : { username: `track-${device.trackId}`, clientId: brokerClientId.controller(device.trackId) };

export const createEnrollmentKeyBody = z.strictObject({
  sessionId: int4Id,
  uses: z.number().int().min(1).max(ENROLLMENT_LIMITS.usesMax),
  expiresInMinutes: z.number().int().min(1).max(ENROLLMENT_LIMITS.expiresInMinutesMax),
  serials: z
    .array(z.string().regex(SN_PATTERN, { error: 'invalid_sn' }))
    .max(ENROLLMENT_LIMITS.serialsMax, { error: 'too_many' })
    .optional(),
});
export type CreateEnrollmentKeyBody = z.infer<typeof createEnrollmentKeyBody>;

/** The answer of a create: the key itself is in this answer only. */
export const createdEnrollmentKey = z.object({
  id: z.number().int(),
  key: z.string(),
  expiresAt: z.string(),
  usesLeft: z.number().int(),
});
export type CreatedEnrollmentKey = z.infer<typeof createdEnrollmentKey>;

/** A key as lists show it: never the key. */
export const enrollmentKey = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  sessionName: z.string().nullable(),
  expiresAt: z.string(),
  usesLeft: z.number().int(),
  serials: z.array(z.string()).nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type EnrollmentKey = z.infer<typeof enrollmentKey>;

export const listEnrollmentKeysQuery = z.object({ sessionId: dbId.optional() });

/** A device's credential as the console shows it (never a secret). */
export const credentialStatus = z.object({
  kind: z.enum(DEVICE_KINDS),
  identity: z.string(),
  state: z.enum(CREDENTIAL_STATES),
  rotationPending: z.boolean(),
  rotationUntil: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  lastSignInKind: z.enum(SIGN_IN_KINDS).nullable(),
  enrolledAt: z.string().nullable(),
});
export type CredentialStatus = z.infer<typeof credentialStatus>;

/** How many devices still sign in with the shared key, and whether it is still accepted. */
export const sharedKeyStatus = z.object({ configured: z.boolean(), enabled: z.boolean(), devices: z.number().int() });
export type SharedKeyStatus = z.infer<typeof sharedKeyStatus>;
export const setSharedKeyBody = z.strictObject({ enabled: z.boolean() });
export const migrateSharedKeyResult = z.object({ sent: z.number().int(), offline: z.number().int() });

/** The command that carries a new credential to a connected device (rotation, migration). */
export const CREDENTIAL_COMMAND = 'set_credential' as const;
