import { z } from 'zod';

const ts = z.iso.datetime({ offset: true });
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * Where an update file is fetched from: a path on the console's own HTTP server
 * (`/api/v1/updates/{id}/download`), never an absolute URL. The device joins it to the server
 * address it is configured with; a URL naming a scheme or another host is refused.
 */
export const UPDATE_DOWNLOAD_PATH = /^\/api\/v1\/updates\/\d{1,10}\/download$/;

/** True for a path the device may fetch: on its own server, no scheme, no host, no `..`. */
export const isServerRelativePath = (url: string) => UPDATE_DOWNLOAD_PATH.test(url);

/** An Ed25519 signature in base64 (64 bytes). */
const signatureBase64 = z.string().regex(/^[A-Za-z0-9+/]{86}==$/);

/**
 * The published `args` of an `update` command (robot `HCP4/{sn}/cmd`, or a track controller's
 * `HCP4/track/{id}/cmd` with `sn`): the API body only names the record; the server adds what the
 * device needs to fetch and check the file. `url` is a path on the console's HTTP server (see
 * `isServerRelativePath`); the device sends `code` as `?code=` and authenticates with HTTP Basic
 * (its broker username and DEVICE_KEY) to its own server only. `signature` is the server's
 * Ed25519 signature of `updateSignedStatement(version, size, sha256)`; the device checks it with
 * the public key of `GET /api/version` (`updateSigningKey`) before installing (docs/protocol.md).
 */
export const updateCommandArgs = z.strictObject({
  recordId: z.number().int().positive(),
  sn: z.string().max(64).optional(),
  version: z.string().max(16),
  url: z.string().max(256),
  sha256: sha256Hex,
  size: z.number().int().nonnegative(),
  code: z.string().max(64),
  signature: signatureBase64,
});
export type UpdateCommandArgs = z.infer<typeof updateCommandArgs>;

/** The stages a device reports; each moves the update record to the status of the same name. */
export const UPGRADE_STAGES = ['download_complete', 'update_complete', 'failed'] as const;
export type UpgradeStage = (typeof UPGRADE_STAGES)[number];

/**
 * `HCP4/{sn}/upgrade`, robot → server, QoS 1: `download_complete` once the file is downloaded
 * and its SHA-256 and signature match; `update_complete` after installing and restarting, with
 * the firmware it now runs (`firmware` must be the record's version); `failed` with the reason
 * (download refused, checksum or signature mismatch, install error). The server takes a report
 * only in this order and only after the device itself downloaded the file (docs/protocol.md).
 */
export const upgradeReportPayload = z.object({
  recordId: z.number().int().positive().max(2_147_483_647),
  stage: z.enum(UPGRADE_STAGES),
  reason: z.string().max(500).optional(),
  firmware: z.string().max(64).optional(),
  ts,
});
export type UpgradeReportPayload = z.infer<typeof upgradeReportPayload>;

/** Broker usernames of the on-site server and the ordering tablet of a session (docs/protocol.md). */
export const SITE_DEVICE_KINDS = ['site_server', 'tablet'] as const;
export type SiteDeviceKind = (typeof SITE_DEVICE_KINDS)[number];
export const siteDeviceUsername = (kind: SiteDeviceKind, sessionCode: string) =>
  `${kind === 'site_server' ? 'site' : 'tablet'}-${sessionCode}`;
export function parseSiteDeviceUsername(username: string): { kind: SiteDeviceKind; sessionCode: string } | null {
  const match = /^(site|tablet)-([A-Za-z0-9]{1,32})$/.exec(username);
  if (!match) return null;
  return { kind: match[1] === 'site' ? 'site_server' : 'tablet', sessionCode: match[2] };
}

/** `hcpro4/versions/{username}`, retained, QoS 1: the version an on-site server or ordering tablet runs. */
export const deviceVersionPayload = z.object({
  kind: z.enum(SITE_DEVICE_KINDS),
  sessionCode: z.string().regex(/^[A-Za-z0-9]{1,32}$/),
  version: z.string().regex(/^[A-Za-z0-9._+-]{1,32}$/),
  ts,
});
export type DeviceVersionPayload = z.infer<typeof deviceVersionPayload>;

/**
 * The statement the server signs for an update file: a fixed context, the version, the size and
 * the SHA-256 of the bytes. A device hashes the bytes it downloaded itself, builds this text and
 * checks the signature; the hash in the command alone proves nothing (whoever can change the
 * command can change the hash), the signature does.
 */
export const updateSignedStatement = (file: { version: string; size: number; sha256: string }) =>
  `railserve-update-v1\n${file.version}\n${file.size}\n${file.sha256}`;
