import { readdir } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.ts';
import { type RouteSpec, routeSpecs } from '../support/api-spec.ts';
import { uploadAudio } from '../support/audio.ts';
import { brokenMultipart, hostileJsonBodies, type RawBody } from '../support/hostile-bodies.ts';
import { multipartBody, sampleFiles } from '../support/multipart.ts';
import { asText, fromSchema } from '../support/schema-arbitrary.ts';
import { createTrack } from '../support/tracks.ts';

// For every route of the catalog: bodies, queries and path parameters generated from the route's
// own schemas, with hostile values mixed in, sent as an administrator, as level 3 and without a
// token. No answer may be a server error, and every answer is the JSON envelope (a streamed
// export's success is a file, not an envelope). Then every route that takes a body gets deep,
// wide and broken JSON, and every upload route (multipart in the OpenAPI document) cut-off and
// malformed multipart. The total of requests and server errors is printed at the end.
let app: TestApp;
let identities: [string, Record<string, string>][];

/** An administrator, a level-3 user and nobody; fresh, since the generated requests sign out and change passwords. */
async function signIn(): Promise<[string, Record<string, string>][]> {
  const admin = await app.as(0);
  const staff = await app.as(3);
  return [
    ['administrator', { authorization: admin.authorization }],
    ['level 3', { authorization: staff.authorization }],
    ['anonymous', {}],
  ];
}

beforeAll(async () => {
  app = await buildTestApp();
  // As under a supervisor: POST /system/restart is accepted (and does nothing here) rather than 503.
  app.lifecycle.restart = () => {};
  identities = await signIn();
}, 180_000);
afterAll(() => app.close());

const RUNS_PER_ROUTE = 6;

function requestOf(route: RouteSpec) {
  const path = fc.record(Object.fromEntries(route.path.map((p) => [p.name, fromSchema(p.schema).map(asText)])));
  const query = fc.record(Object.fromEntries(route.query.map((p) => [p.name, fromSchema(p.schema).map(asText)])), {
    requiredKeys: [],
  });
  const body = route.body ? fromSchema(route.body) : fc.constant(undefined);
  return fc.record({ path, query, body });
}

function urlOf(route: RouteSpec, path: Record<string, string | undefined>, query: Record<string, string | undefined>) {
  const filled = route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(path[name] ?? '1') || '%20');
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  return search ? `${filled}?${search}` : filled;
}

const isExport = (url: string) => url.endsWith('/export');

/** Requests sent and server errors answered, per part: the counts the review compares. */
const tally = { sent: 0, serverErrors: 0 };
afterAll(() => console.info(`[api-fuzz] ${tally.sent} requests, ${tally.serverErrors} answered with a server error`));

/** The failures of one answer: a server error, or anything but the JSON envelope. */
function checkAnswer(res: LightMyRequestResponse, url: string, what: string): string[] {
  tally.sent++;
  if (res.statusCode >= 500) tally.serverErrors++;
  const failures = res.statusCode >= 500 ? [what] : [];
  if (res.statusCode === 200 && isExport(url) && !String(res.headers['content-type']).includes('json')) return failures;
  let answer: { success?: unknown; code?: unknown; message?: unknown } | undefined;
  try {
    answer = res.json();
  } catch {
    return [...failures, `not JSON: ${what}`];
  }
  const envelope =
    answer?.success === true ||
    (answer?.success === false && typeof answer.code === 'string' && typeof answer.message === 'string');
  return envelope ? failures : [...failures, `not an envelope: ${what}`];
}

describe('every route, generated input', () => {
  it('never answers a server error and always answers the envelope', async () => {
    const routes = routeSpecs(app).filter((route) => route.url !== '/api/openapi.json');
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const route of routes) {
      // Signed in again for each route: a generated request may sign out or change a password.
      identities = await signIn();
      for (const [who, headers] of identities) {
        await fc.assert(
          fc.asyncProperty(requestOf(route), async ({ path, query, body }) => {
            const url = urlOf(route, path, query);
            const res = await app.inject({
              method: route.method as 'GET',
              url,
              headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
              payload: body === undefined ? undefined : JSON.stringify(body),
            });
            const what = `${who} ${route.method} ${url.slice(0, 200)} ${JSON.stringify(body)?.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
            failures.push(...checkAnswer(res, route.url, what));
          }),
          { numRuns: RUNS_PER_ROUTE, seed: 20_261_124 },
        );
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

/** A path with every parameter filled by something that exists, so the request reaches its body. */
const realUrl = (route: RouteSpec, ids: Record<string, string>) =>
  route.url.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? '1');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('every route, hostile bodies', () => {
  const send = (method: string, url: string, headers: Record<string, string>, body: RawBody) =>
    app.inject({
      method: method as 'POST',
      url,
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });

  it('refuses deep, wide and broken JSON with a 4xx on every route, before anything walks it', async () => {
    const routes = routeSpecs(app).filter((route) => route.method !== 'GET' && !route.upload);
    const track = await createTrack(app, (await app.as(0)) as { authorization: string });
    const ids = { id: String(track.id), sn: 'FUZZ-1', group: 'network', audioId: '1' };
    const failures: string[] = [];
    for (const route of routes) {
      // Signed in again for each route: a body that passes may sign out (POST /logout takes any).
      identities = await signIn();
      const url = realUrl(route, ids);
      for (const body of hostileJsonBodies(Object.keys(route.body?.properties ?? {}))) {
        for (const [who, headers] of identities) {
          const res = await send(route.method, url, headers, body);
          const what = `${who} ${route.method} ${url} ${body.name} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          failures.push(...checkAnswer(res, route.url, what));
          const tooDeep = /levels|past the limit/.test(body.name);
          // A route with a small body limit (device enrollment) refuses the body before reading it.
          if (who === 'administrator' && tooDeep && !['json_too_deep', 'payload_too_large'].includes(res.json().code))
            failures.push(`not refused as too deep: ${what}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('refuses cut-off and malformed multipart on every upload route with a 4xx, and keeps nothing of it', async () => {
    identities = await signIn();
    const admin = identities[0][1] as { authorization: string };
    const track = await createTrack(app, admin);
    const clip = await uploadAudio(
      app,
      admin,
      track.id,
      { kind: 'custom', name: 'fuzz-clip' },
      { name: 'fuzz.wav', content: sampleFiles.wav },
    );
    const ids = { id: String(track.id), audioId: String(clip.json().data.id) };
    const uploads = routeSpecs(app).filter((route) => route.upload);
    expect(uploads.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      'POST /api/v1/tracks/:id/audio',
      'POST /api/v1/tracks/:id/audio/batch',
      'POST /api/v1/tracks/:id/map/background',
      'POST /api/v1/updates/files',
      'PUT /api/v1/tracks/:id/audio/:audioId/file',
    ]);
    const stored = path.join(app.config.dataDir, 'files');
    const before = await filesUnder(stored);
    const form = await multipartBody(
      { kind: 'custom', name: 'cut-off' },
      { name: 'cut-off.wav', content: Buffer.concat([sampleFiles.wav, Buffer.alloc(300_000, 1)]) },
    );
    const failures: string[] = [];
    for (const route of uploads) {
      const url = realUrl(route, ids);
      for (const body of brokenMultipart(form)) {
        for (const [who, headers] of identities) {
          const res = await send(route.method, url, headers, body);
          const what = `${who} ${route.method} ${url} ${body.name} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          failures.push(...checkAnswer(res, route.url, what));
          if (who === 'administrator' && body.name.startsWith('cut') && res.json().code !== 'upload_incomplete') {
            failures.push(`not refused as incomplete: ${what}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await filesUnder(path.join(app.config.dataDir, 'tmp', 'uploads'))).toEqual([]);
    expect(await filesUnder(stored)).toEqual(before);
  }, 120_000);
});
