import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { AUDIO_LIMITS } from '@railserve/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.ts';
import { uploadZip } from '../support/audio.ts';
import { sampleFiles } from '../support/multipart.ts';
import { createTrack, saveMap } from '../support/tracks.ts';
import { buildZip } from '../support/zip.ts';

let app: TestApp;
let staff: { authorization: string };
let trackId: number;

const clips = async () =>
  (await app.inject({ method: 'GET', url: `/api/v1/tracks/${trackId}/audio`, headers: staff })).json().data.clips as {
    name: string;
    kind: string;
    tableSide?: string;
    format: string;
  }[];

/** Nothing of a refused ZIP stays: no clip, no stored file, no temp file or folder. */
async function expectNothingLeft() {
  expect(await clips()).toEqual([]);
  expect(await readdir(app.files.path(`tracks/${trackId}`)).catch(() => [])).toEqual([]);
  const tmp = path.join(app.config.dataDir, 'tmp');
  expect((await readdir(tmp).catch(() => [])).filter((name) => name !== 'uploads')).toEqual([]);
  expect(await readdir(path.join(tmp, 'uploads')).catch(() => [])).toEqual([]);
}

beforeAll(async () => {
  app = await buildTestApp();
  staff = await app.as(2);
});
beforeEach(async () => {
  trackId = (await createTrack(app, staff)).id;
  await saveMap(app, staff, trackId);
});
afterAll(() => app.close());

describe('audio ZIP batch', () => {
  it('adds system, table and custom clips by name, and replaces them on a second upload', async () => {
    const zip = buildZip([
      { name: 'sounds/', method: 0 },
      { name: 'sounds/Init_Complete.wav', data: sampleFiles.wav },
      { name: 'sounds/A1.mp3', data: sampleFiles.mp3 },
      { name: 'sounds/Welcome.ogg', data: sampleFiles.ogg, method: 0 },
    ]);
    const res = await uploadZip(app, staff, trackId, zip);
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report.added.map((a: { entry: string }) => a.entry)).toEqual([
      'sounds/Init_Complete.wav',
      'sounds/A1.mp3',
      'sounds/Welcome.ogg',
    ]);
    expect(report.replaced).toEqual([]);
    expect(report.refused).toEqual([]);
    expect(await clips()).toMatchObject([
      { kind: 'system', name: 'init_complete', format: 'wav' },
      { kind: 'table', name: 'A1', tableSide: 'left', format: 'mp3' },
      { kind: 'custom', name: 'Welcome', format: 'ogg' },
    ]);
    const file = await app.inject({
      method: 'GET',
      url: `/api/v1/tracks/${trackId}/audio/${report.added[0].clip.id}/file`,
      headers: staff,
    });
    expect(file.rawPayload.equals(sampleFiles.wav)).toBe(true);

    const again = await uploadZip(app, staff, trackId, buildZip([{ name: 'init_complete.m4a', data: sampleFiles.m4a }]));
    expect(again.json().data.replaced).toMatchObject([
      { entry: 'init_complete.m4a', clip: { name: 'init_complete', format: 'm4a' } },
    ]);
    expect(await clips()).toHaveLength(3);
  });

  it('reports the good and the bad entries of a mixed ZIP and takes only the good ones', async () => {
    const zip = buildZip([
      { name: 'leaving_customer.wav', data: sampleFiles.wav },
      { name: 'notes.wav', data: sampleFiles.text },
      { name: 'B1.m4a', data: sampleFiles.m4a },
      { name: 'again/leaving_customer.mp3', data: sampleFiles.mp3 },
      { name: '.wav', data: sampleFiles.wav },
    ]);
    const res = await uploadZip(app, staff, trackId, zip);
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report.added.map((a: { clip: { name: string } }) => a.clip.name)).toEqual(['leaving_customer', 'B1']);
    expect(report.refused).toEqual([
      { entry: 'notes.wav', reason: 'unsupported_audio_format' },
      { entry: 'again/leaving_customer.mp3', reason: 'duplicate_in_zip' },
      { entry: '.wav', reason: 'invalid_name' },
    ]);
    expect(await clips()).toHaveLength(2);
  });

  it.each([
    ['a path leaving the folder', '../evil.wav', 'path_traversal'],
    ['a Windows path leaving the folder', 'sounds\\..\\..\\evil.wav', 'path_traversal'],
    ['an absolute path', '/etc/evil.wav', 'absolute_path'],
    ['a drive path', 'C:/evil.wav', 'absolute_path'],
  ])('refuses a ZIP with %s and leaves nothing behind', async (_what, name, reason) => {
    const zip = buildZip([
      { name: 'running.wav', data: sampleFiles.wav },
      { name, data: sampleFiles.wav },
    ]);
    const res = await uploadZip(app, staff, trackId, zip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'zip_unsafe_entry', details: { reason } });
    await expectNothingLeft();
  });

  it('refuses a ZIP holding a symbolic link', async () => {
    const zip = buildZip([{ name: 'link.wav', data: Buffer.from('/etc/passwd'), unixMode: 0o120777, method: 0 }]);
    const res = await uploadZip(app, staff, trackId, zip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'zip_unsafe_entry', details: { reason: 'symlink' } });
    await expectNothingLeft();
  });

  it('refuses a ZIP declaring more unpacked data than the limit with 413 before unpacking', async () => {
    const zip = buildZip([
      { name: 'running.wav', data: sampleFiles.wav },
      { name: 'huge.wav', data: sampleFiles.wav, declaredSize: AUDIO_LIMITS.zipUnpackedBytesMax + 1 },
    ]);
    const res = await uploadZip(app, staff, trackId, zip);
    expect(res.statusCode).toBe(413);
    expect(res.json().details).toEqual({ reason: 'unpacked_size' });
    await expectNothingLeft();
  });

  it('stops a bomb whose headers lie about its size while inflating it (413)', async () => {
    const bomb = Buffer.concat([sampleFiles.wav, Buffer.alloc(8 * 1024 * 1024)]);
    const zip = buildZip([
      { name: 'running.wav', data: sampleFiles.wav },
      { name: 'bomb.wav', data: bomb, declaredSize: 2000 },
    ]);
    expect(zip.length).toBeLessThan(64 * 1024);
    const res = await uploadZip(app, staff, trackId, zip);
    expect(res.statusCode).toBe(413);
    expect(res.json().details).toEqual({ reason: 'entry_size' });
    await expectNothingLeft();
  });

  it('refuses a ZIP with too many entries (413)', async () => {
    const entries = Array.from({ length: AUDIO_LIMITS.zipEntriesMax + 1 }, (_, i) => ({
      name: `c${i}.wav`,
      data: sampleFiles.wav,
      method: 0 as const,
    }));
    const res = await uploadZip(app, staff, trackId, buildZip(entries));
    expect(res.statusCode).toBe(413);
    expect(res.json().details).toEqual({ reason: 'too_many_entries' });
    await expectNothingLeft();
  });

  it('refuses what is not a ZIP (415) and a broken ZIP (400)', async () => {
    const notZip = await uploadZip(app, staff, trackId, sampleFiles.wav);
    expect(notZip.statusCode).toBe(415);
    const broken = await uploadZip(
      app,
      staff,
      trackId,
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]),
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('zip_invalid');
    await expectNothingLeft();
  });

  it('is for levels 0-2 only', async () => {
    const zip = buildZip([{ name: 'running.wav', data: sampleFiles.wav }]);
    const { authorization } = await app.as(3);
    expect((await uploadZip(app, { authorization }, trackId, zip)).statusCode).toBe(403);
    expect((await uploadZip(app, {}, trackId, zip)).statusCode).toBe(401);
    await expectNothingLeft();
  });
});
