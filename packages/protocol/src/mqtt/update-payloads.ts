import { z } from 'zod';

const ts = z.iso.datetime({ offset: true });
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * The published `args` of an `update` command (robot `HCP4/{sn}/cmd`, or a track controller's
 * `HCP4/track/{id}/cmd` with `sn`): the API body only names the record; the server adds what the
 * device needs to fetch and check the file. `url` is a path on the console's HTTP server, which
 * the device joins to the server address it is configured with; it sends `code` as `?code=` and
 * authenticates with HTTP Basic (its broker username and DEVICE_KEY).
 */
export const updateCommandArgs = z.strictObject({
  recordId: z.number().int().positive(),
  sn: z.string().max(64).optional(),
  version: z.string().max(16),
  url: z.string().max(256),
  sha256: sha256Hex,
  size: z.number().int().nonnegative(),
  code: z.string().max(64),
});
export type UpdateCommandArgs = z.infer<typeof updateCommandArgs>;

/** The stages a device reports; each moves the update record to the status of the same name. */
export const UPGRADE_STAGES = ['download_complete', 'update_complete', 'failed'] as const;
export type UpgradeStage = (typeof UPGRADE_STAGES)[number];

/**
 * `HCP4/{sn}/upgrade`, robot → server, QoS 1: `download_complete` once the file is downloaded
 * and its SHA-256 matches; `update_complete` after installing and restarting, with the firmware
 * it now runs; `failed` with the reason (download refused, checksum mismatch, install error).
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
