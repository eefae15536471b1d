import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tracks } from '../../src/db/schema/tracks.ts';
import { buildTestApp, type TestApp } from '../helper.ts';
import { deviceAuth } from '../support/audio.ts';
import { createTrack, saveMap } from '../support/tracks.ts';

let app: TestApp;
let staff: { authorization: string };
let general: { authorization: string };
let trackId: number;

const layout = { pages: [{ rows: 2, columns: 2, cells: ['A1', 'A2', 'B1', null] }] };
const put = (id: number | string, payload: unknown, headers = staff) =>
  app.inject({ method: 'PUT', url: `/api/v1/tracks/${id}/tables`, headers, payload: payload as object });
const get = (id: number | string, headers: Record<string, string> = staff) =>
  app.inject({ method: 'GET', url: `/api/v1/tracks/${id}/tables`, headers });

beforeAll(async () => {
  app = await buildTestApp();
  staff = await app.as(2);
  general = await app.as(3);
  trackId = (await createTrack(app, staff)).id;
});
afterAll(() => app.close());

describe('table layout', () => {
  it('is empty and cannot be saved while the track has no map', async () => {
    const empty = await get(trackId);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual({ pages: [] });
    const refused = await put(trackId, layout);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('map_not_saved');
  });

  it('saves a layout naming the map tables, keeps the rest of the map, and reads it back', async () => {
    expect((await saveMap(app, staff, trackId)).statusCode).toBe(200);
    const saved = await put(trackId, layout);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual(layout);
    expect((await get(trackId, general)).json().data).toEqual(layout);
    const map = await app.inject({ method: 'GET', url: `/api/v1/tracks/${trackId}/map`, headers: staff });
    expect(map.json().data.tables).toEqual(layout);
    expect(map.json().data.points).toHaveLength(5);
  });

  it('refuses a table placed twice with duplicate_table_name', async () => {
    const res = await put(trackId, {
      pages: [
        { rows: 1, columns: 2, cells: ['A1', null] },
        { rows: 1, columns: 1, cells: ['A1'] },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'duplicate_table_name', details: { names: ['A1'] } });
  });

  it('refuses a cell that names no table of the map', async () => {
    const res = await put(trackId, { pages: [{ rows: 1, columns: 2, cells: ['A1', 'Z9'] }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'unknown_table', details: { names: ['Z9'] } });
    const nul = await put(trackId, { pages: [{ rows: 1, columns: 1, cells: ['A\u00001'] }] });
    expect(nul.statusCode).toBe(400);
  });

  it('refuses cells that do not match rows times columns, and sizes beyond the limits', async () => {
    expect((await put(trackId, { pages: [{ rows: 2, columns: 2, cells: ['A1'] }] })).json().code).toBe('validation_failed');
    expect((await put(trackId, { pages: [{ rows: 21, columns: 1, cells: Array(21).fill(null) }] })).statusCode).toBe(400);
    const pages = Array.from({ length: 51 }, () => ({ rows: 1, columns: 1, cells: [null] }));
    expect((await put(trackId, { pages })).statusCode).toBe(400);
  });

  it('lets level 3 read but not write; no token is 401', async () => {
    expect((await put(trackId, layout, general)).statusCode).toBe(403);
    expect((await app.inject({ method: 'PUT', url: `/api/v1/tracks/${trackId}/tables`, payload: layout })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `/api/v1/tracks/${trackId}/tables` })).statusCode).toBe(401);
  });

  it('lets the track controller read its layout', async () => {
    expect((await get(trackId, deviceAuth(app, `track-${trackId}`))).statusCode).toBe(200);
    expect((await put(trackId, layout, deviceAuth(app, `track-${trackId}`) as { authorization: string })).statusCode).toBe(401);
  });

  it("lets a device read only its own track's layout: no other track's robot or controller, no made-up robot", async () => {
    const own = (await createTrack(app, staff)).id;
    const other = (await createTrack(app, staff)).id;
    for (const id of [own, other]) {
      expect((await saveMap(app, staff, id)).statusCode).toBe(200);
      expect((await put(id, layout)).statusCode).toBe(200);
    }
    // The controllers report which robots run on their tracks.
    await app.db
      .update(tracks)
      .set({ robots: ['SIM-OWN'] })
      .where(eq(tracks.id, own));
    await app.db
      .update(tracks)
      .set({ robots: ['SIM-OTHER'] })
      .where(eq(tracks.id, other));
    const read = async (who: string) => get(own, deviceAuth(app, who));

    expect((await read(`track-${own}`)).json().data).toEqual(layout);
    expect((await read('SIM-OWN')).json().data).toEqual(layout);
    for (const stranger of ['SIM-OTHER', 'GHOST-404', `track-${other}`, 'track-2147483647']) {
      const res = await read(stranger);
      expect(res.statusCode, stranger).toBe(403);
      expect(res.json().code, stranger).toBe('forbidden');
      expect(res.body, stranger).not.toContain('A1');
    }
    // The robot of the other track reads its own, and only that.
    expect((await get(other, deviceAuth(app, 'SIM-OTHER'))).statusCode).toBe(200);
    expect((await get(other, deviceAuth(app, 'SIM-OWN'))).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/api/v1/tracks/${own}/tables` })).statusCode).toBe(401);
    const wrongKey = { authorization: `Basic ${Buffer.from('SIM-OWN:not-the-key').toString('base64')}` };
    expect((await get(own, wrongKey)).statusCode).toBe(401);
  });

  it('answers bad ids, unknown tracks, oversize bodies and wrong content types without a 500', async () => {
    expect((await get(2 ** 31)).statusCode).toBe(400);
    expect((await get('1e1')).statusCode).toBe(400);
    expect((await get(0)).statusCode).toBe(400);
    expect((await get(2 ** 31 - 1)).statusCode).toBe(404);
    expect((await put(2 ** 31 - 1, layout)).statusCode).toBe(404);
    const huge = { pages: [{ rows: 1, columns: 1, cells: ['x'.repeat(2 * 1024 * 1024)] }] };
    expect((await put(trackId, huge)).statusCode).toBe(413);
    const text = await app.inject({
      method: 'PUT',
      url: `/api/v1/tracks/${trackId}/tables`,
      headers: { ...staff, 'content-type': 'application/xml' },
      payload: '<pages/>',
    });
    expect(text.statusCode).toBe(415);
  });

  it('is described in the OpenAPI document with the audio routes', async () => {
    const paths = Object.keys((await app.inject('/api/openapi.json')).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/tracks/{id}/tables',
        '/api/v1/tracks/{id}/audio',
        '/api/v1/tracks/{id}/audio/batch',
        '/api/v1/tracks/{id}/audio/{audioId}/file',
      ]),
    );
  });
});
