import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { layoutProblem } from '../../src/modules/audio/zip-layout.ts';
import { buildTestApp, type TestApp } from '../helper.ts';
import { uploadZip } from '../support/audio.ts';
import { sampleFiles, wav } from '../support/multipart.ts';
import { createTrack, saveMap } from '../support/tracks.ts';
import { buildSharedBlockZip, buildZip } from '../support/zip.ts';

let app: TestApp;
let staff: { authorization: string };
let trackId: number;

const clipCount = async () =>
  (await app.inject({ method: 'GET', url: `/api/v1/tracks/${trackId}/audio`, headers: staff })).json().data.clips.length;

async function expectNothingStored() {
  expect(await clipCount()).toBe(0);
  expect(await readdir(app.files.path(`tracks/${trackId}`)).catch(() => [])).toEqual([]);
  expect(await readdir(path.join(app.config.dataDir, 'tmp', 'uploads')).catch(() => [])).toEqual([]);
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

describe('ZIP bombs by overlap', () => {
  it('refuses a small ZIP whose entries all point at one compressed block, before unpacking anything', async () => {
    // One second of silence-like tone per MiB: 2 MiB of audio deflates to a few kilobytes.
    const block = wav(1024 * 1024);
    const names = Array.from({ length: 120 }, (_, i) => `clip${i}.wav`);
    const zip = buildSharedBlockZip(names, block);
    expect(zip.length).toBeLessThan(64 * 1024);
    const res = await uploadZip(app, staff, trackId, zip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'zip_overlapping_entries',
      details: { entry: 'clip1.wav', reason: 'overlapping_entries' },
    });
    await expectNothingStored();
  });

  it('refuses an entry whose data runs into the next entry', async () => {
    const zip = buildZip([
      {
        name: 'running.wav',
        data: sampleFiles.wav,
        method: 0,
        declaredSize: sampleFiles.wav.length + 40,
        declaredCompressedSize: sampleFiles.wav.length + 40,
      },
      { name: 'B1.wav', data: sampleFiles.wav, method: 0 },
    ]);
    const res = await uploadZip(app, staff, trackId, zip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'zip_overlapping_entries', details: { reason: 'overlapping_entries' } });
    await expectNothingStored();
  });

  it('refuses an entry whose data runs into the central directory', async () => {
    const size = sampleFiles.wav.length + 30;
    const zip = buildZip([
      { name: 'running.wav', data: sampleFiles.wav, method: 0 },
      { name: 'B1.wav', data: sampleFiles.wav, method: 0, declaredSize: size, declaredCompressedSize: size },
    ]);
    const res = await uploadZip(app, staff, trackId, zip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'zip_overlapping_entries',
      details: { entry: 'B1.wav', reason: 'overlaps_central_directory' },
    });
    await expectNothingStored();
  });

  it('refuses a local header whose compressed size differs from the central directory', async () => {
    const zip = buildZip([{ name: 'running.wav', data: sampleFiles.wav }]);
    zip.writeUInt32LE(zip.readUInt32LE(18) + 7, 18);
    const res = await uploadZip(app, staff, trackId, zip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'zip_overlapping_entries', details: { reason: 'sizes_do_not_add_up' } });
    await expectNothingStored();
  });

  it('refuses a stored entry whose two sizes differ (yauzl finds it)', async () => {
    const zip = buildZip([{ name: 'running.wav', data: sampleFiles.wav, method: 0, declaredSize: sampleFiles.wav.length - 4 }]);
    const res = await uploadZip(app, staff, trackId, zip);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('zip_invalid');
    await expectNothingStored();
  });

  it('still takes honest ZIPs: deflated, stored, with data descriptors and folders', async () => {
    const zip = buildZip([
      { name: 'sounds/', method: 0 },
      { name: 'sounds/running.wav', data: sampleFiles.wav },
      { name: 'sounds/B1.mp3', data: sampleFiles.mp3, method: 0 },
      { name: 'sounds/Welcome.ogg', data: sampleFiles.ogg, descriptor: true },
      { name: 'meal_arrived.wav', data: sampleFiles.wav, method: 0, descriptor: true },
    ]);
    const res = await uploadZip(app, staff, trackId, zip);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.refused).toEqual([]);
    expect(res.json().data.added).toHaveLength(4);
    expect(await clipCount()).toBe(4);
  });
});

describe('layoutProblem', () => {
  const span = (name: string, start: number, end: number) => ({ name, start, end });
  it('accepts spans that touch but do not share a byte, in any order', () => {
    expect(layoutProblem([span('b', 10, 20), span('a', 0, 10), span('empty', 20, 20)], 20)).toBeNull();
  });
  it('finds two spans at one offset, a span inside another and one reaching the directory', () => {
    expect(layoutProblem([span('a', 0, 10), span('b', 0, 10)], 100)).toEqual({ entry: 'b', reason: 'overlapping_entries' });
    expect(layoutProblem([span('outer', 0, 50), span('inner', 20, 30)], 100)).toEqual({
      entry: 'inner',
      reason: 'overlapping_entries',
    });
    expect(layoutProblem([span('a', 0, 10), span('b', 10, 101)], 100)).toEqual({
      entry: 'b',
      reason: 'overlaps_central_directory',
    });
  });
});
