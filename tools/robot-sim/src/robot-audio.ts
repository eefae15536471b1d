import { createHash } from 'node:crypto';
import { type AudioClip, audioLibrary, envelope } from '@railserve/protocol';

/** What a robot fetched of its track's audio library. */
export type FetchedAudio = { clips: AudioClip[]; bytes: number; missing: number };

// A robot reads only what it plays: a field added for the console (the track's storage use) or a
// server older than it must not stop it.
const libraryAnswer = envelope(audioLibrary.pick({ clips: true, missing: true }));

/**
 * Fetches the track's clip list and every clip's file over HTTP with the robot's broker
 * credentials (HTTP Basic: sn and DEVICE_KEY), as a real robot does after `reload_map`, and
 * checks each file against the list's SHA-256.
 */
export async function fetchTrackAudio(apiUrl: string, sn: string, deviceKey: string, trackId: number): Promise<FetchedAudio> {
  const headers = { authorization: `Basic ${Buffer.from(`${sn}:${deviceKey}`).toString('base64')}` };
  const base = `${apiUrl.replace(/\/$/, '')}/api/v1/tracks/${trackId}/audio`;
  const list = await fetch(base, { headers });
  if (!list.ok) throw new Error(`clip list: HTTP ${list.status}`);
  const { data } = libraryAnswer.parse(await list.json());
  let bytes = 0;
  for (const clip of data.clips) {
    const file = await fetch(`${base}/${clip.id}/file`, { headers });
    if (!file.ok) throw new Error(`clip ${clip.name}: HTTP ${file.status}`);
    const content = Buffer.from(await file.arrayBuffer());
    if (createHash('sha256').update(content).digest('hex') !== clip.sha256)
      throw new Error(`clip ${clip.name}: checksum mismatch`);
    bytes += content.length;
  }
  return { clips: data.clips, bytes, missing: data.missing.length };
}
