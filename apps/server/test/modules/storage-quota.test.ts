import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.ts';
import { replaceAudio, uploadAudio, uploadZip } from '../support/audio.ts';
import { wav } from '../support/multipart.ts';
import { partialUpload, usage } from '../support/storage-quota.ts';
import { createTrack, saveMap } from '../support/tracks.ts';
import { updateContent, uploadUpdate } from '../support/updates.ts';
import { buildZip } from '../support/zip.ts';

const TRACK_QUOTA = 100_000;
const TOTAL_QUOTA = 250_000;

let app: TestApp;
let staff: { authorization: string };
let admin: { authorization: string };
let trackId: number;

/** A WAV of about `bytes` bytes. */
const clipOf = (bytes: number) => wav(Math.floor((bytes - 44) / 2));
const custom = (name: string, bytes: number, track = trackId) =>
  uploadAudio(app, staff, track, { kind: 'custom', name }, { name: `${name}.wav`, content: clipOf(bytes) });
const removeClip = (id: number) => app.inject({ method: 'DELETE', url: `/api/v1/tracks/${trackId}/audio/${id}`, headers: staff });
const tempFiles = async () => readdir(path.join(app.config.dataDir, 'tmp', 'uploads')).catch(() => []);

beforeAll(async () => {
  app = await buildTestApp({ audioQuotaPerTrackBytes: TRACK_QUOTA, uploadQuotaTotalBytes: TOTAL_QUOTA });
  await app.listen({ port: 0, host: '127.0.0.1' });
  staff = await app.as(2);
  admin = await app.as(1);
});
beforeEach(async () => {
  // Each test starts from no stored uploads at all.
  for (const track of (await app.inject({ method: 'GET', url: '/api/v1/tracks?pageSize=all', headers: admin })).json().data.items)
    await app.inject({ method: 'DELETE', url: `/api/v1/tracks/${track.id}`, headers: admin });
  for (const file of (await app.inject({ method: 'GET', url: '/api/v1/updates/files?pageSize=all', headers: admin })).json().data
    .items)
    await app.inject({ method: 'DELETE', url: `/api/v1/updates/files/${file.id}`, headers: admin });
  trackId = (await createTrack(app, staff)).id;
  await saveMap(app, staff, trackId);
});
afterAll(() => app.close());

describe('the per-track audio quota', () => {
  it('reports what the track keeps against its quota, counted from what is stored', async () => {
    expect((await usage(app, staff, trackId)).track).toEqual({ usedBytes: 0, quotaBytes: TRACK_QUOTA });
    const clip = (await custom('one', 30_000)).json().data;
    expect((await usage(app, staff, trackId)).track).toEqual({ usedBytes: clip.size, quotaBytes: TRACK_QUOTA });
  });

  it('lets only one of two parallel uploads through when together they are over', async () => {
    const answers = await Promise.all([custom('left', 60_000), custom('right', 60_000)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 413]);
    expect(answers.find((a) => a.statusCode === 413)?.json().code).toBe('audio_quota_exceeded');
    const { track } = await usage(app, staff, trackId);
    expect(track.usedBytes).toBeLessThanOrEqual(TRACK_QUOTA);
    expect(track.usedBytes).toBe(answers.find((a) => a.statusCode === 201)?.json().data.size);
    expect(await tempFiles()).toEqual([]);
  });

  it('refuses a ZIP whose clips together are over, storing none of them', async () => {
    await custom('kept', 20_000);
    const before = await usage(app, staff, trackId);
    const zip = buildZip([
      { name: 'a.wav', data: clipOf(40_000), method: 0 },
      { name: 'b.wav', data: clipOf(40_000), method: 0 },
      { name: 'c.wav', data: clipOf(40_000), method: 0 },
    ]);
    const res = await uploadZip(app, staff, trackId, zip);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('audio_quota_exceeded');
    expect(await usage(app, staff, trackId)).toEqual(before);
    expect(await tempFiles()).toEqual([]);
  });

  it('takes a ZIP that fits by replacing clips, counting the replaced ones as freed', async () => {
    await custom('a', 45_000);
    await custom('b', 45_000);
    const zip = buildZip([
      { name: 'a.wav', data: clipOf(48_000), method: 0 },
      { name: 'b.wav', data: clipOf(48_000), method: 0 },
    ]);
    const res = await uploadZip(app, staff, trackId, zip);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.replaced).toHaveLength(2);
    expect((await usage(app, staff, trackId)).track.usedBytes).toBe(2 * clipOf(48_000).length);
  });

  it('counts a replaced clip as freed, and keeps the old file when the new one does not fit', async () => {
    const clip = (await custom('swap', 60_000)).json().data;
    await custom('other', 30_000);
    const tooBig = await replaceAudio(app, staff, trackId, clip.id, clipOf(75_000));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('audio_quota_exceeded');
    const file = await app.inject({ method: 'GET', url: `/api/v1/tracks/${trackId}/audio/${clip.id}/file`, headers: staff });
    expect(file.rawPayload.length).toBe(clip.size);
    const fits = await replaceAudio(app, staff, trackId, clip.id, clipOf(68_000));
    expect(fits.statusCode).toBe(200);
    expect((await usage(app, staff, trackId)).track.usedBytes).toBe(clipOf(68_000).length + clipOf(30_000).length);
  });

  it('frees the space of a deleted clip', async () => {
    const first = (await custom('first', 70_000)).json().data;
    expect((await custom('second', 70_000)).statusCode).toBe(413);
    expect((await removeClip(first.id)).statusCode).toBe(200);
    expect((await usage(app, staff, trackId)).track.usedBytes).toBe(0);
    expect((await custom('second', 70_000)).statusCode).toBe(201);
  });

  it('is per track: another track has its own', async () => {
    const other = (await createTrack(app, staff)).id;
    expect((await custom('here', 70_000)).statusCode).toBe(201);
    expect((await custom('there', 70_000, other)).statusCode).toBe(201);
  });

  it('stops an upload as it crosses the quota, before the whole body has arrived', async () => {
    const { port } = app.server.address() as AddressInfo;
    const answer = await partialUpload(
      port,
      staff,
      `/api/v1/tracks/${trackId}/audio`,
      { kind: 'custom', name: 'endless' },
      { name: 'endless.wav', content: clipOf(2_000_000) },
      400_000,
    );
    expect(answer).toMatchObject({ status: 413, body: { code: 'audio_quota_exceeded' } });
    expect((await usage(app, staff, trackId)).track.usedBytes).toBe(0);
  });
});

describe('the total upload quota', () => {
  it('counts audio and update files together, and refuses the upload that would go over', async () => {
    const other = (await createTrack(app, staff)).id;
    await custom('a', 90_000);
    await custom('b', 90_000, other);
    const big = Buffer.concat([updateContent.firmware(), Buffer.alloc(70_000, 3)]);
    const refused = await uploadUpdate(app, admin, 'robot-1.0.0.bin', big);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().code).toBe('storage_quota_exceeded');
    const small = await uploadUpdate(app, admin, 'robot-1.0.1.bin', updateContent.firmware());
    expect(small.statusCode).toBe(201);
    const { total } = await usage(app, admin, trackId);
    expect(total).toEqual({ usedBytes: clipOf(90_000).length * 2 + small.json().data.size, quotaBytes: TOTAL_QUOTA });
    // A third track's clip now finds the total full even though its own quota is free.
    const third = (await createTrack(app, staff)).id;
    const res = await custom('c', 80_000, third);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('storage_quota_exceeded');
  });

  it('lets only one of two parallel uploads through when together they are over the total', async () => {
    const other = (await createTrack(app, staff)).id;
    await custom('a', 90_000);
    const update = Buffer.concat([updateContent.firmware(), Buffer.alloc(80_000, 3)]);
    const answers = await Promise.all([custom('b', 90_000, other), uploadUpdate(app, admin, 'robot-2.0.0.bin', update)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 413]);
    expect(answers.find((a) => a.statusCode === 413)?.json().code).toBe('storage_quota_exceeded');
    expect((await usage(app, admin, trackId)).total.usedBytes).toBeLessThanOrEqual(TOTAL_QUOTA);
  });

  it('is shown to levels 0-2 only', async () => {
    const general = await app.as(3);
    expect((await app.inject({ method: 'GET', url: '/api/v1/updates/storage', headers: general })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/v1/updates/storage' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/v1/updates/storage', headers: staff })).statusCode).toBe(200);
  });
});
