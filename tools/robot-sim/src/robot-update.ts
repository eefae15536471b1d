import { createHash, createPublicKey, verify } from 'node:crypto';
import {
  API_ROOT,
  formatCommandError,
  isServerRelativePath,
  type UpdateCommandArgs,
  updateCommandArgs,
  updateSignedStatement,
} from '@railserve/protocol';
import { MOVING_STATES, type ModelEvent, type RobotModel, setState } from './robot-model.ts';

type Outcome = { ok: true; after: 'update' } | { ok: false; error: string };

/**
 * An `update` command as the firmware takes it: it needs the download details the server adds
 * (path, SHA-256, size, verification code, signature); a moving or busy robot refuses. The file
 * comes from the robot's own server only: a URL that names a scheme or a host is refused, and
 * so is an update without a signature.
 */
export function applyUpdate(m: RobotModel, args: unknown, now: number, events: ModelEvent[]): Outcome {
  const raw = (args ?? {}) as { url?: unknown; signature?: unknown };
  if (typeof raw.url === 'string' && !isServerRelativePath(raw.url)) {
    return { ok: false, error: formatCommandError('update_url_not_server') };
  }
  if (typeof raw.url === 'string' && typeof raw.signature !== 'string') {
    return { ok: false, error: formatCommandError('update_unsigned') };
  }
  const parsed = updateCommandArgs.safeParse(args);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'args'}: ${i.message}`).join('; ');
    return { ok: false, error: formatCommandError('invalid_command', { detail: issues }) };
  }
  if (m.state === 'upgrade') return { ok: false, error: formatCommandError('robot_upgrading') };
  if (MOVING_STATES.includes(m.state) || m.state === 'arrive') return { ok: false, error: formatCommandError('robot_busy') };
  m.update = { ...parsed.data, stage: 'downloading' };
  setState(m, 'upgrade', now, events);
  return { ok: true, after: 'update' };
}

export type DownloadResult = { ok: true } | { ok: false; reason: string };

/** The public keys the robots of this process learned, per server: asked once, then kept (a key that changes is not believed). */
const serverKeys = new Map<string, Promise<string | undefined>>();

/** The server's update signing key, from `GET /api/version` of the robot's own server. */
function signingKeyOf(httpUrl: string): Promise<string | undefined> {
  const origin = new URL(httpUrl).origin;
  let key = serverKeys.get(origin);
  if (!key) {
    key = fetch(`${origin}${API_ROOT}/version`)
      .then(async (response) => ((await response.json()) as { data?: { updateSigningKey?: string } }).data?.updateSigningKey)
      .catch(() => undefined);
    // A failed fetch is asked again next time; a key, once known, is kept.
    void key.then((found) => {
      if (!found) serverKeys.delete(origin);
    });
    serverKeys.set(origin, key);
  }
  return key;
}

/** Checks the server's Ed25519 signature of the file's statement, built from the bytes the robot hashed itself. */
export function signatureMatches(publicKey: string, file: { version: string; size: number; sha256: string }, signature: string) {
  try {
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey, 'base64').toString('base64url') },
      format: 'jwk',
    });
    return verify(null, Buffer.from(updateSignedStatement(file)), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/**
 * Downloads the update over HTTP from the console (the path joined to the server address the
 * robot is configured with, never another host), with its device credentials and the
 * verification code, and checks size, SHA-256 and the server's signature (with the key the
 * server publishes) before anything is installed.
 */
export async function downloadUpdate(
  update: UpdateCommandArgs,
  device: { httpUrl?: string; sn: string; deviceKey: string },
): Promise<DownloadResult> {
  if (!device.httpUrl) return { ok: false, reason: 'download failed: no server address configured' };
  const server = new URL(device.httpUrl);
  const url = new URL(update.url, server);
  // applyUpdate took only a path; this keeps the credentials from ever going to another host.
  if (!isServerRelativePath(update.url) || url.origin !== server.origin) {
    return { ok: false, reason: 'download refused: not a path on the console' };
  }
  url.searchParams.set('code', update.code);
  const authorization = `Basic ${Buffer.from(`${device.sn}:${device.deviceKey}`).toString('base64')}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { authorization }, redirect: 'error' });
  } catch (error) {
    return { ok: false, reason: `download failed: ${(error as Error).message}` };
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as { message?: string } | undefined;
    return { ok: false, reason: `download refused: HTTP ${response.status}${body?.message ? ` ${body.message}` : ''}` };
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  const digest = createHash('sha256').update(bytes).digest('hex');
  if (bytes.length !== update.size || digest !== update.sha256) {
    return { ok: false, reason: `checksum mismatch: expected ${update.sha256.slice(0, 12)}…, got ${digest.slice(0, 12)}…` };
  }
  const publicKey = await signingKeyOf(device.httpUrl);
  if (!publicKey) return { ok: false, reason: 'signature key unavailable: the console did not publish its key' };
  if (!signatureMatches(publicKey, { version: update.version, size: bytes.length, sha256: digest }, update.signature)) {
    return { ok: false, reason: 'signature mismatch: the file is not the one the console signed' };
  }
  return { ok: true };
}
