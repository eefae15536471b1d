import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helper.ts';
import { createTrack, sampleMap, saveMap } from '../support/tracks.ts';

const { app, admin } = useTestApp();

const post = (payload: Record<string, unknown>, headers = admin) =>
  app.inject({ method: 'POST', url: '/api/v1/tracks', headers, payload });

describe('tracks', () => {
  it('creates a track with defaults and an uninitialized status', async () => {
    const res = await post({ name: 'Main hall', type: 'multi_circular', config: { homeCapacity: 4, speed: 'normal' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Main hall',
      type: 'multi_circular',
      config: { homeCapacity: 4, speed: 'normal' },
      statusCode: 0,
      errorCode: 0,
      mode: 'normal',
      registerMode: false,
      viewerMode: false,
      robots: [],
      statusAt: null,
      tableNumberPlay: false,
      displayMode: 'grid',
      sessionId: null,
      hasMap: false,
    });
  });

  it('takes only the five track types', async () => {
    const res = await post({ name: 'Odd', type: 'zigzag' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toEqual(['body', 'type']);
  });

  it('takes a JSON object as config, nothing else, and not too large', async () => {
    for (const config of [[1, 2], 'text', 42, null]) {
      const res = await post({ name: 'Bad config', type: 'single_circular', config });
      expect(res.statusCode, JSON.stringify(config)).toBe(400);
      expect(res.json().details[0]).toEqual({ path: ['body', 'config'], message: 'config_not_object' });
    }
    const huge = await post({ name: 'Huge config', type: 'single_circular', config: { blob: 'x'.repeat(20_000) } });
    expect(huge.json().details[0]).toEqual({ path: ['body', 'config'], message: 'config_too_large' });
  });

  it('requires a name, unique regardless of case', async () => {
    expect((await post({ name: ' ', type: 'single_circular' })).json().details[0]).toEqual({
      path: ['body', 'name'],
      message: 'required',
    });
    const res = await post({ name: 'MAIN HALL', type: 'single_circular' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('track_name_taken');
  });

  it('edits the form fields and keeps the live status', async () => {
    const track = await createTrack(app, admin);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/tracks/${track.id}`,
      headers: admin,
      payload: { type: 'elevator_platform', tableNumberPlay: true, displayMode: 'list', config: { floors: 2 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: track.name,
      type: 'elevator_platform',
      tableNumberPlay: true,
      displayMode: 'list',
      config: { floors: 2 },
      statusCode: 0,
    });
  });

  it('lists with search, type filter and paging', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/tracks?q=main&type=multi_circular', headers: admin });
    expect(res.json().data.items.map((t: { name: string }) => t.name)).toEqual(['Main hall']);
    const paged = await app.inject({ method: 'GET', url: '/api/v1/tracks?pageSize=1&page=2', headers: admin });
    expect(paged.json().data).toMatchObject({ page: 2, pageSize: 1 });
    expect(paged.json().data.items).toHaveLength(1);
  });

  it('deletes a track', async () => {
    const track = await createTrack(app, admin);
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/tracks/${track.id}`, headers: admin })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/v1/tracks/${track.id}`, headers: admin })).statusCode).toBe(404);
  });
});

describe('saved map', () => {
  it('answers null until a map is saved, then the map with defaults filled in', async () => {
    const track = await createTrack(app, admin);
    const empty = await app.inject({ method: 'GET', url: `/api/v1/tracks/${track.id}/map`, headers: admin });
    expect(empty.json()).toEqual({ success: true, data: null });
    expect((await saveMap(app, admin, track.id)).statusCode).toBe(200);
    const saved = (await app.inject({ method: 'GET', url: `/api/v1/tracks/${track.id}/map`, headers: admin })).json().data;
    expect(saved.points).toHaveLength(sampleMap.points.length);
    expect(saved.points[0]).toMatchObject({ number: 1, type: 'serving', judgeType: 'read_point', cannotWait: false });
    expect(saved.tables).toEqual({ pages: [] });
    const row = (await app.inject({ method: 'GET', url: `/api/v1/tracks/${track.id}`, headers: admin })).json().data;
    expect(row.hasMap).toBe(true);
    expect(row.mapUpdatedAt).toBeTruthy();
  });

  it('refuses a map that fails the protocol schema and keeps the saved one', async () => {
    const track = await createTrack(app, admin);
    await saveMap(app, admin, track.id);
    const broken = { ...sampleMap, paths: [{ from: 1, to: 99, type: 'bidirectional' }] };
    const res = await saveMap(app, admin, track.id, broken);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().details).toContainEqual({ path: ['body', 'paths', '0', 'to'], message: 'unknown_point' });
    const notJson = await app.inject({
      method: 'PUT',
      url: `/api/v1/tracks/${track.id}/map`,
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"points": [',
    });
    expect(notJson.statusCode).toBe(400);
    const kept = await app.inject({ method: 'GET', url: `/api/v1/tracks/${track.id}/map`, headers: admin });
    expect(kept.json().data.paths).toHaveLength(sampleMap.paths.length);
  });

  it('answers 404 for the map of an unknown track', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/tracks/999999/map', headers: admin })).statusCode).toBe(404);
    expect((await saveMap(app, admin, 999_999)).statusCode).toBe(404);
  });
});

describe('roles', () => {
  it('lets level 3 view but not write, level 2 write but not delete, level 1 delete', async () => {
    const general = await app.as(3);
    const advanced = await app.as(2);
    const service = await app.as(1);
    const track = await createTrack(app, advanced);
    expect((await app.inject({ method: 'GET', url: `/api/v1/tracks/${track.id}`, headers: general })).statusCode).toBe(200);
    expect((await post({ name: 'By general', type: 'single_circular' }, general)).statusCode).toBe(403);
    expect((await saveMap(app, general, track.id)).statusCode).toBe(403);
    expect((await saveMap(app, advanced, track.id)).statusCode).toBe(200);
    const asAdvanced = await app.inject({ method: 'DELETE', url: `/api/v1/tracks/${track.id}`, headers: advanced });
    expect(asAdvanced.statusCode).toBe(403);
    const asService = await app.inject({ method: 'DELETE', url: `/api/v1/tracks/${track.id}`, headers: service });
    expect(asService.statusCode).toBe(200);
  });

  it('lets level 3 view sessions but not create them; level 2 creates but cannot delete', async () => {
    const general = await app.as(3);
    const advanced = await app.as(2);
    const payload = { code: 'ROLE1', name: 'Roles', mac: '02:00:00:00:09:01' };
    expect((await app.inject({ method: 'GET', url: '/api/v1/sessions', headers: general })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/sessions/next-code', headers: general })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/v1/sessions', headers: general, payload })).statusCode).toBe(403);
    const created = await app.inject({ method: 'POST', url: '/api/v1/sessions', headers: advanced, payload });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/sessions/${id}`, headers: advanced })).statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/sessions/${id}`, headers: admin })).statusCode).toBe(200);
  });
});
