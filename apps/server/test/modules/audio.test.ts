import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { SYSTEM_AUDIO_NAMES } from '@railserve/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tracks } from '../../src/db/schema/tracks.ts';
import { buildTestApp, type TestApp } from '../helper.ts';
import { deviceAuth, replaceAudio, uploadAudio } from '../support/audio.ts';
import { sampleFiles, wav } from '../support/multipart.ts';
import { createTrack, saveMap } from '../support/tracks.ts';

let app: TestApp;
let staff: { authorization: string };
let general: { authorization: string };
let trackId: number;
let otherTrackId: number;

const list = (headers: Record<string, string> = staff, id = trackId) =>
  app.inject({ method: 'GET', url: `/api/v1/tracks/${id}/audio`, headers });
const custom = (name: string, content: Buffer = sampleFiles.wav) =>
  uploadAudio(app, staff, trackId, { kind: 'custom', name }, { name: `${name}.wav`, content });

beforeAll(async () => {
  app = await buildTestApp();
  staff = await app.as(2);
  general = await app.as(3);
  trackId = (await createTrack(app, staff)).id;
  otherTrackId = (await createTrack(app, staff)).id;
  await saveMap(app, staff, trackId);
});
afterAll(() => app.close());

describe('audio library', () => {
  it('lists the seven system clips and the map tables as missing on a new track', async () => {
    const res = await list(general);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.clips).toEqual([]);
    expect(res.json().data.missing).toEqual([
      ...SYSTEM_AUDIO_NAMES.map((name) => ({ kind: 'system', name })),
      { kind: 'table', name: 'A1', tableSide: 'left' },
      { kind: 'table', name: 'A2', tableSide: 'right' },
      { kind: 'table', name: 'B1', tableSide: 'left' },
    ]);
  });

  it.each([
    ['wav', sampleFiles.wav, 'intro.mp3'],
    ['mp3', sampleFiles.mp3, 'chime.wav'],
    ['mp3', sampleFiles.mp3WithTag, 'tagged'],
    ['m4a', sampleFiles.m4a, 'bell.ogg'],
    ['ogg', sampleFiles.ogg, 'horn.m4a'],
  ])('accepts %s by its content whatever the file is called (%#)', async (format, content, filename) => {
    const name = `clip-${format}-${filename}`;
    const res = await uploadAudio(app, staff, trackId, { kind: 'custom', name }, { name: filename, content });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name, kind: 'custom', format, size: content.length });
  });

  it('refuses a text file named like audio with 415 unsupported_audio_format', async () => {
    const res = await uploadAudio(
      app,
      staff,
      trackId,
      { kind: 'custom', name: 'fake' },
      { name: 'fake.mp3', content: sampleFiles.text },
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupported_audio_format');
  });

  it('takes system and table clips by their names; the table clip gets its side from the map', async () => {
    const system = await uploadAudio(
      app,
      staff,
      trackId,
      { kind: 'system', name: 'meal_arrived' },
      { name: 'm.wav', content: sampleFiles.wav },
    );
    expect(system.statusCode).toBe(201);
    const table = await uploadAudio(
      app,
      staff,
      trackId,
      { kind: 'table', name: 'A2' },
      { name: 'a2.wav', content: sampleFiles.wav },
    );
    expect(table.json().data).toMatchObject({ kind: 'table', name: 'A2', tableSide: 'right' });
    const wrongSide = await uploadAudio(
      app,
      staff,
      trackId,
      { kind: 'table', name: 'A1', tableSide: 'right' },
      { name: 'a.wav', content: sampleFiles.wav },
    );
    expect(wrongSide.statusCode).toBe(400);
    const notTable = await uploadAudio(
      app,
      staff,
      trackId,
      { kind: 'table', name: 'Z9' },
      { name: 'z.wav', content: sampleFiles.wav },
    );
    expect(notTable.json().code).toBe('not_a_table_name');
    const notSystem = await uploadAudio(
      app,
      staff,
      trackId,
      { kind: 'system', name: 'hello' },
      { name: 'h.wav', content: sampleFiles.wav },
    );
    expect(notSystem.statusCode).toBe(400);
    const again = await uploadAudio(
      app,
      staff,
      trackId,
      { kind: 'system', name: 'meal_arrived' },
      { name: 'm.wav', content: sampleFiles.wav },
    );
    expect(again.json().code).toBe('audio_name_taken');
    const missing = (await list()).json().data.missing.map((m: { name: string }) => m.name);
    expect(missing).not.toContain('meal_arrived');
    expect(missing).not.toContain('A2');
  });

  it('refuses a custom clip named like a table (409) or a system clip, and fields that are missing or hold NUL', async () => {
    const table = await custom('A1');
    expect(table.statusCode).toBe(409);
    expect(table.json().code).toBe('audio_name_is_table');
    expect((await custom('running')).json().code).toBe('audio_name_reserved');
    const noKind = await uploadAudio(app, staff, trackId, { name: 'x' }, { name: 'x.wav', content: sampleFiles.wav });
    expect(noKind.statusCode).toBe(400);
    const nul = await uploadAudio(
      app,
      staff,
      trackId,
      { kind: 'custom', name: 'a\u0000b' },
      { name: 'x.wav', content: sampleFiles.wav },
    );
    expect(nul.statusCode).toBe(400);
    const long = await custom('x'.repeat(65));
    expect(long.statusCode).toBe(400);
  });

  it('refuses a file beyond the size limit with 413 and keeps no temp file', async () => {
    const res = await custom('big', wav(11 * 1024 * 1024));
    expect(res.statusCode).toBe(413);
    expect(await readdir(path.join(app.config.dataDir, 'tmp', 'uploads')).catch(() => [])).toEqual([]);
  });

  it('renames a clip, but not to a table name or a taken name', async () => {
    const clip = (await custom('welcome')).json().data;
    const rename = (name: string, headers = staff) =>
      app.inject({ method: 'PUT', url: `/api/v1/tracks/${trackId}/audio/${clip.id}`, headers, payload: { name } });
    expect((await rename('greeting')).json().data).toMatchObject({ id: clip.id, name: 'greeting' });
    const toTable = await rename('B1');
    expect(toTable.statusCode).toBe(409);
    expect(toTable.json().code).toBe('audio_name_is_table');
    await custom('taken');
    expect((await rename('taken')).json().code).toBe('audio_name_taken');
    expect((await rename('bad\u0000name')).statusCode).toBe(400);
    expect((await rename('other', general)).statusCode).toBe(403);
  });

  it('replaces a clip file keeping its name, serves it with ranges, and deletes it', async () => {
    const clip = (await custom('replace-me')).json().data;
    const newFile = sampleFiles.mp3;
    const replaced = await replaceAudio(app, staff, trackId, clip.id, newFile);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data).toMatchObject({ id: clip.id, name: 'replace-me', format: 'mp3', size: newFile.length });
    expect((await replaceAudio(app, staff, trackId, clip.id, sampleFiles.text)).statusCode).toBe(415);
    expect((await replaceAudio(app, general, trackId, clip.id, newFile)).statusCode).toBe(403);

    const url = `/api/v1/tracks/${trackId}/audio/${clip.id}/file`;
    const whole = await app.inject({ method: 'GET', url, headers: general });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(newFile)).toBe(true);
    const part = await app.inject({ method: 'GET', url, headers: { ...general, range: 'bytes=4-13' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-13/${newFile.length}`);
    expect(part.rawPayload.equals(newFile.subarray(4, 14))).toBe(true);
    const beyond = await app.inject({ method: 'GET', url, headers: { ...general, range: `bytes=${newFile.length}-` } });
    expect(beyond.statusCode).toBe(416);

    const remove = (headers = staff) =>
      app.inject({ method: 'DELETE', url: `/api/v1/tracks/${trackId}/audio/${clip.id}`, headers });
    expect((await remove(general)).statusCode).toBe(403);
    expect((await remove()).statusCode).toBe(200);
    expect((await remove()).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url, headers: general })).statusCode).toBe(404);
    expect(await app.files.exists(`tracks/${trackId}/audio/${clip.id}`)).toBe(false);
  });

  it('does not serve a clip through another track', async () => {
    const clip = (await custom('mine')).json().data;
    const res = await app.inject({ method: 'GET', url: `/api/v1/tracks/${otherTrackId}/audio/${clip.id}/file`, headers: staff });
    expect(res.statusCode).toBe(404);
  });

  it('lets level 3 read and play but not change; no token is 401', async () => {
    const upload = await uploadAudio(
      app,
      general,
      trackId,
      { kind: 'custom', name: 'nope' },
      { name: 'n.wav', content: sampleFiles.wav },
    );
    expect(upload.statusCode).toBe(403);
    expect((await list({})).statusCode).toBe(401);
    expect(
      (await uploadAudio(app, {}, trackId, { kind: 'custom', name: 'n' }, { name: 'n.wav', content: sampleFiles.wav }))
        .statusCode,
    ).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/tracks/${trackId}/audio/1` })).statusCode).toBe(401);
  });

  it('lets the track controller and its robots fetch the clips, and no other device', async () => {
    const clip = (await custom('for-devices')).json().data;
    const file = `/api/v1/tracks/${trackId}/audio/${clip.id}/file`;
    const controller = deviceAuth(app, `track-${trackId}`);
    expect((await list(controller)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: file, headers: controller })).statusCode).toBe(200);
    expect((await list(deviceAuth(app, `track-${otherTrackId}`))).statusCode).toBe(403);
    expect((await list(deviceAuth(app, 'SIM-STRANGER'))).statusCode).toBe(403);
    // A robot the controller reports on the track reads its clips.
    await app.db
      .update(tracks)
      .set({ robots: ['SIM-ONTRACK'] })
      .where(eq(tracks.id, trackId));
    expect((await list(deviceAuth(app, 'SIM-ONTRACK'))).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: file, headers: deviceAuth(app, 'SIM-ONTRACK') })).statusCode).toBe(200);
    expect((await list(deviceAuth(app, 'SIM-ONTRACK'), otherTrackId)).statusCode).toBe(403);
    const wrongKey = { authorization: `Basic ${Buffer.from(`track-${trackId}:nope`).toString('base64')}` };
    expect((await list(wrongKey)).statusCode).toBe(401);
    const upload = await uploadAudio(
      app,
      controller,
      trackId,
      { kind: 'custom', name: 'dev' },
      { name: 'd.wav', content: sampleFiles.wav },
    );
    expect(upload.statusCode).toBe(401);
  });

  it('answers bad ids, unknown tracks and non-multipart bodies without a 500', async () => {
    expect((await list(staff, 2 ** 31)).statusCode).toBe(400);
    expect((await list(staff, 2 ** 31 - 1)).statusCode).toBe(404);
    const bad = await app.inject({ method: 'GET', url: `/api/v1/tracks/${trackId}/audio/99999999999/file`, headers: staff });
    expect(bad.statusCode).toBe(400);
    const json = await app.inject({
      method: 'POST',
      url: `/api/v1/tracks/${trackId}/audio`,
      headers: staff,
      payload: { kind: 'custom' },
    });
    expect(json.statusCode).toBe(415);
    const noFile = await uploadAudio(
      app,
      staff,
      2 ** 31 - 1,
      { kind: 'custom', name: 'x' },
      { name: 'x.wav', content: sampleFiles.wav },
    );
    expect(noFile.statusCode).toBe(404);
  });

  it('removes the clips and their files with the track', async () => {
    const track = (await createTrack(app, staff)).id;
    const clip = (
      await uploadAudio(app, staff, track, { kind: 'custom', name: 'gone' }, { name: 'g.wav', content: sampleFiles.wav })
    ).json().data;
    expect(await app.files.exists(`tracks/${track}/audio/${clip.id}`)).toBe(true);
    const admin = await app.as(0);
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/tracks/${track}`, headers: admin })).statusCode).toBe(200);
    expect(await app.files.exists(`tracks/${track}/audio/${clip.id}`)).toBe(false);
  });
});
