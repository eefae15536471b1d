import { MAP_BACKGROUND_MAX_BYTES } from '@railserve/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helper.ts';
import { largeMap, tinyPng } from '../support/map-editor.ts';
import { multipartBody, sampleFiles } from '../support/multipart.ts';
import { scriptedController } from '../support/scripted-controller.ts';
import { createTrack, eventually, sampleMap, saveMap } from '../support/tracks.ts';

// The map editor's server side: saved map, live version, background image; roles and bad input.
const { app, admin } = useTestApp({ commandTimeoutMs: 2000 });
let level2: { authorization: string };
let level3: { authorization: string };
let trackId: number;

beforeAll(async () => {
  level2 = await app.as(2);
  level3 = await app.as(3);
  await app.mqtt.waitUntilSubscribed();
  trackId = (await createTrack(app, admin)).id;
});

const url = (path = '', id: number | string = trackId) => `/api/v1/tracks/${id}/map${path}`;

describe('map routes and roles', () => {
  it('lets levels 0-2 save, level 3 only read, and nobody without a token', async () => {
    expect((await saveMap(app, level2, trackId)).statusCode).toBe(200);
    const refused = await saveMap(app, level3, trackId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    expect((await app.inject({ method: 'PUT', url: url(), payload: sampleMap })).statusCode).toBe(401);
    const read = await app.inject({ method: 'GET', url: url(), headers: level3 });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.points).toHaveLength(5);
    expect((await app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: url('/state') })).statusCode).toBe(401);
  });

  it('names the first bad field of a map that fails the schema', async () => {
    const duplicate = { ...sampleMap, points: [...sampleMap.points, { number: 2, type: 'path', x: 0, y: 9 }] };
    const res = await saveMap(app, admin, trackId, duplicate);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().details).toContainEqual({ path: ['body', 'points', '5', 'number'], message: 'duplicate_point' });
  });

  it('refuses NUL characters, ids past int4, loose ids, oversize bodies and a wrong content type without a 500', async () => {
    const nul = {
      ...sampleMap,
      points: [{ number: 1, type: 'table', tableType: 'left', leftName: 'A\u00001', x: 0, y: 0 }],
      paths: [],
    };
    expect((await saveMap(app, admin, trackId, nul)).statusCode).toBe(400);
    for (const id of ['2147483648', '1e3', '0x10', '0', '-1', ' 1']) {
      const res = await app.inject({ method: 'GET', url: url('', encodeURIComponent(id)), headers: admin });
      expect(res.statusCode, id).toBe(400);
    }
    expect((await app.inject({ method: 'GET', url: url('', 2_147_483_647), headers: admin })).statusCode).toBe(404);
    const huge = { points: [], paths: [], pad: 'x'.repeat(5 * 1024 * 1024) };
    expect((await saveMap(app, admin, trackId, huge)).statusCode).toBe(413);
    const text = await app.inject({
      method: 'PUT',
      url: url(),
      headers: { ...admin, 'content-type': 'text/plain' },
      payload: JSON.stringify(sampleMap),
    });
    // A text body is read as a string, which is not a map.
    expect(text.statusCode).toBe(400);
    expect(text.json().code).toBe('validation_failed');
  });

  it('saves a map at the schema limit of points', async () => {
    const res = await saveMap(app, admin, trackId, largeMap(2000));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.points).toHaveLength(2000);
  });
});

describe('saved and live version', () => {
  it('counts saves and makes a version live when the controller acknowledges reload_map', async () => {
    const id = (await createTrack(app, admin)).id;
    const controller = await scriptedController(app.brokerPorts!.tcp, app.secrets.deviceKey, id);
    try {
      const read = async () => (await app.inject({ method: 'GET', url: url('/state', id), headers: level3 })).json().data;
      expect(await read()).toEqual({ version: 0, savedAt: null, liveVersion: null, liveAt: null });
      await saveMap(app, admin, id);
      await saveMap(app, admin, id);
      expect(await read()).toMatchObject({ version: 2, liveVersion: null });

      const reload = await app.inject({
        method: 'POST',
        url: `/api/v1/tracks/${id}/commands?wait=true`,
        headers: level2,
        payload: { command: 'reload_map' },
      });
      expect(reload.json().data.status).toBe('acknowledged');
      const live = await eventually(read, (s) => s.liveVersion === 2);
      expect(live.liveAt).toBeTruthy();

      await saveMap(app, admin, id);
      expect(await read()).toMatchObject({ version: 3, liveVersion: 2 });
    } finally {
      await controller.close();
    }
  });

  it('answers 404 for an unknown track', async () => {
    expect((await app.inject({ method: 'GET', url: url('/state', 999_999), headers: admin })).statusCode).toBe(404);
  });
});

describe('background image', () => {
  const upload = async (content: Buffer, name: string, headers: Record<string, string> = level2, id: number = trackId) => {
    const body = await multipartBody({}, { name, content });
    return app.inject({
      method: 'POST',
      url: url('/background', id),
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('stores a PNG checked by content and serves it to every level', async () => {
    const png = tinyPng();
    const res = await upload(png, 'floor.txt');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ type: 'png', size: png.length });
    expect(res.json().data.file).toMatch(/^[0-9a-f]{16}\.png$/);
    const served = await app.inject({ method: 'GET', url: url(`/background?v=${res.json().data.file}`), headers: level3 });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('replaces the image with a JPEG', async () => {
    expect((await upload(sampleFiles.jpeg, 'plan.png')).json().data.type).toBe('jpeg');
    const served = await app.inject({ method: 'GET', url: url('/background'), headers: admin });
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses what is not an image by content (415) and a file past the limit (413)', async () => {
    const text = await upload(Buffer.from('just text pretending to be a png'), 'floor.png');
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('unsupported_media_type');
    const big = Buffer.concat([tinyPng(), Buffer.alloc(MAP_BACKGROUND_MAX_BYTES)]);
    const oversize = await upload(big, 'big.png');
    expect(oversize.statusCode).toBe(413);
    expect(oversize.json().code).toBe('payload_too_large');
    const json = await app.inject({
      method: 'POST',
      url: url('/background'),
      headers: { ...admin, 'content-type': 'application/json' },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('lets only levels 0-2 upload, and nobody without a token read', async () => {
    expect((await upload(tinyPng(), 'a.png', level3)).statusCode).toBe(403);
    expect((await upload(sampleFiles.webp, 'a.webp', level2)).json().data.type).toBe('webp');
    expect((await upload(tinyPng(), 'a.png', {})).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: url('/background') })).statusCode).toBe(401);
  });

  it('answers 404 for a track without a background or an unknown track', async () => {
    const id = (await createTrack(app, admin)).id;
    expect((await app.inject({ method: 'GET', url: url('/background', id), headers: admin })).statusCode).toBe(404);
    expect((await upload(tinyPng(), 'a.png', admin, 999_999)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: url('/background', 999_999), headers: admin })).statusCode).toBe(404);
  });

  it('removes the image with its track', async () => {
    const id = (await createTrack(app, admin)).id;
    expect((await upload(tinyPng(), 'a.png', admin, id)).statusCode).toBe(200);
    expect(await app.files.exists(`tracks/${id}/map/background`)).toBe(true);
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/tracks/${id}`, headers: admin })).statusCode).toBe(200);
    expect(await app.files.exists(`tracks/${id}/map/background`)).toBe(false);
  });
});
