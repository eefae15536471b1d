import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.ts';
import { uploadAudio, uploadZip } from '../support/audio.ts';
import { sampleFiles } from '../support/multipart.ts';
import { createTrack, saveMap } from '../support/tracks.ts';
import { buildZip } from '../support/zip.ts';

let app: TestApp;
let staff: { authorization: string };
let trackId: number;

/** Names that are not names, with the validation message each must get. */
const BAD_NAMES: [string, string, string][] = [
  ['a slash', 'menu/today', 'path_characters'],
  ['a backslash', 'menu\\today', 'path_characters'],
  ['two dots', '..', 'path_characters'],
  ['two dots inside', 'x..y', 'path_characters'],
  ['a bell', 'ring\u0007', 'invalid_characters'],
  ['a tab', 'a\tb', 'invalid_characters'],
  ['a C1 control (NEL)', 'a\u0085b', 'invalid_characters'],
  ['a line separator', 'a\u2028b', 'invalid_characters'],
  ['a right-to-left override', 'evil\u202egnp.wav', 'invalid_characters'],
  ['a left-to-right embedding', '\u202aname', 'invalid_characters'],
  ['an isolate', '\u2066name\u2069', 'invalid_characters'],
  ['a right-to-left mark', 'name\u200f', 'invalid_characters'],
  ['an Arabic letter mark', 'name\u061c', 'invalid_characters'],
  ['only spaces', '   ', 'required'],
  ['only a zero-width space', '\u200b', 'required'],
  ['only a BOM', '\ufeff', 'required'],
  ['only NBSP', '\u00a0\u00a0', 'required'],
  ['only joiners and a word joiner', '\u200c\u200d\u2060', 'required'],
  ['only a Hangul filler', '\u3164', 'required'],
  ['only a soft hyphen and a variation selector', '\u00ad\ufe0f', 'required'],
];
const GOOD_NAMES = ['歡迎光臨', 'Welcome 1', 'café', 'v1.2', '👩‍🍳 chef', 'A\u00a0B'];

beforeAll(async () => {
  app = await buildTestApp();
  staff = await app.as(2);
  trackId = (await createTrack(app, staff)).id;
  await saveMap(app, staff, trackId);
});
afterAll(() => app.close());

const custom = (name: string) =>
  uploadAudio(app, staff, trackId, { kind: 'custom', name }, { name: 'clip.wav', content: sampleFiles.wav });
const rename = (id: number, name: string) =>
  app.inject({ method: 'PUT', url: `/api/v1/tracks/${trackId}/audio/${id}`, headers: staff, payload: { name } });
const clipNames = async () =>
  (await app.inject({ method: 'GET', url: `/api/v1/tracks/${trackId}/audio`, headers: staff }))
    .json()
    .data.clips.map((c: { name: string }) => c.name) as string[];

describe('clip names are names', () => {
  it.each(BAD_NAMES)('refuses %s on upload and on rename (400) and stores nothing', async (_what, name, message) => {
    const before = await clipNames();
    const upload = await custom(name);
    expect(upload.statusCode).toBe(400);
    expect(upload.json()).toMatchObject({ code: 'validation_failed', details: [{ path: ['name'], message }] });
    expect(await clipNames()).toEqual(before);

    const clip = (await custom(`keep-${before.length}`)).json().data;
    const renamed = await rename(clip.id, name);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().code).toBe('validation_failed');
    expect(await clipNames()).toContain(clip.name);
  });

  it('takes real names, in any script, with inner spaces and joiners', async () => {
    for (const name of GOOD_NAMES) {
      const res = await custom(name);
      expect(res.statusCode, name).toBe(201);
      expect(res.json().data.name).toBe(name);
    }
  });

  it('reserves the system clip names in any letter case for a custom clip, on upload and rename', async () => {
    for (const name of ['running', 'Running', 'MEAL_ARRIVED', ' Init_Complete ']) {
      const res = await custom(name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().code).toBe('audio_name_reserved');
    }
    const clip = (await custom('ordinary')).json().data;
    const renamed = await rename(clip.id, 'Final_Warning');
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().code).toBe('audio_name_reserved');
    expect(await clipNames()).not.toContain('Final_Warning');
  });

  it('refuses a system clip under a name that is not exactly a system name', async () => {
    const res = await uploadAudio(
      app,
      staff,
      trackId,
      { kind: 'system', name: 'Running' },
      { name: 'r.wav', content: sampleFiles.wav },
    );
    expect(res.statusCode).toBe(400);
  });

  it('reports ZIP entries whose names are not names as refused, and takes the others', async () => {
    const bad = ['x..y.wav', 'evil\u202egnp.wav', '\u200b.wav', 'ring\u0007.wav', '\u2066a\u2069.wav', '\u00a0.wav'];
    const zip = buildZip([
      ...bad.map((name) => ({ name, data: sampleFiles.wav })),
      { name: 'Good name.wav', data: sampleFiles.wav },
    ]);
    const res = await uploadZip(app, staff, trackId, zip);
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report.refused).toEqual(bad.map((entry) => ({ entry, reason: 'invalid_name' })));
    expect(report.added.map((a: { clip: { name: string } }) => a.clip.name)).toEqual(['Good name']);
  });
});
