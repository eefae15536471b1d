import { JSON_BODY_DEPTH_MAX } from '@railserve/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containsNul } from '../../src/lib/nul.ts';
import { buildTestApp, type TestApp } from '../helper.ts';
import { createTrack } from '../support/tracks.ts';

let app: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  app = await buildTestApp();
  admin = await app.as(0);
});
afterAll(() => app.close());

/** `depth` levels in all: the body object, `config`, then arrays. */
const configNested = (depth: number) => `{"config":{"a":${'['.repeat(depth - 2)}${']'.repeat(depth - 2)}}}`;
const putTrack = (id: number, payload: string) =>
  app.inject({ method: 'PUT', url: `/api/v1/tracks/${id}`, headers: { ...admin, 'content-type': 'application/json' }, payload });

describe('the depth of a JSON body', () => {
  it('refuses a track config nested 4,500 levels (a stack overflow before) with 400 json_too_deep', async () => {
    const track = await createTrack(app, admin);
    const res = await putTrack(track.id, configNested(4500));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'json_too_deep', details: { maxDepth: JSON_BODY_DEPTH_MAX } });
    const stored = await app.inject({ url: `/api/v1/tracks/${track.id}`, headers: admin });
    expect(stored.json().data.config).toEqual({});
  });

  it('takes a body exactly at the limit and refuses one level more, on creation too', async () => {
    const track = await createTrack(app, admin);
    const atLimit = await putTrack(track.id, configNested(JSON_BODY_DEPTH_MAX));
    expect(atLimit.statusCode).toBe(200);
    expect(JSON.stringify(atLimit.json().data.config)).toBe(`{"a":${'['.repeat(62)}${']'.repeat(62)}}`);
    expect((await putTrack(track.id, configNested(JSON_BODY_DEPTH_MAX + 1))).json().code).toBe('json_too_deep');
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/tracks',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: `{"name":"deep","type":"single_round_trip","config":${'{"a":'.repeat(100)}1${'}'.repeat(100)}}`,
    });
    expect(created.json().code).toBe('json_too_deep');
  });

  it('counts brackets in strings as text, not depth', async () => {
    const track = await createTrack(app, admin);
    const res = await putTrack(track.id, JSON.stringify({ config: { note: '['.repeat(5000) } }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.config.note).toHaveLength(5000);
  });
});

describe('a wide body', () => {
  const wide = (last: string) => `[${'0,'.repeat(399_999)}${last}]`;

  it('is walked for NUL without running out of stack, and a NUL at its end is found', () => {
    expect(containsNul(JSON.parse(wide('0')))).toBe(false);
    expect(containsNul(JSON.parse(wide('"\\u0000"')))).toBe(true);
  });

  it('answers 400, not 500, on a JSON route (the NUL check spread it as arguments before)', async () => {
    const track = await createTrack(app, admin);
    const plain = await putTrack(track.id, wide('0'));
    expect(plain.statusCode).toBe(400);
    expect(plain.json().code).toBe('validation_failed');
    const withNul = await putTrack(track.id, `{"name":${wide('"\\u0000"')}}`);
    expect(withNul.json().code).toBe('nul_character');
  });
});
