import { createHash } from 'node:crypto';
import { formatCommandError, type UpdateCommandArgs, updateCommandArgs } from '@railserve/protocol';
import { MOVING_STATES, type ModelEvent, type RobotModel, setState } from './robot-model.ts';

/** The update a robot is running: downloading the file, then installing it (state `upgrade` throughout). */
export type RobotUpdate = UpdateCommandArgs & { stage: 'downloading' | 'installing' };

type Outcome = { ok: true; after: 'update' } | { ok: false; error: string };

/**
 * An `update` command as the firmware takes it: it needs the download details the server adds
 * (path, SHA-256, size, verification code); a moving or busy robot refuses.
 */
export function applyUpdate(m: RobotModel, args: unknown, now: number, events: ModelEvent[]): Outcome {
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

/**
 * Downloads the update over HTTP from the console (the path joined to the server address the
 * robot is configured with), with its device credentials and the verification code, and checks
 * size and SHA-256 before anything is installed.
 */
export async function downloadUpdate(
  update: UpdateCommandArgs,
  device: { httpUrl?: string; sn: string; deviceKey: string },
): Promise<DownloadResult> {
  if (!device.httpUrl) return { ok: false, reason: 'download failed: no server address configured' };
  const url = new URL(update.url, device.httpUrl);
  url.searchParams.set('code', update.code);
  const authorization = `Basic ${Buffer.from(`${device.sn}:${device.deviceKey}`).toString('base64')}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { authorization } });
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
  return { ok: true };
}
