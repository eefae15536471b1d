import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.ts';
import { type RouteSpec, routeSpecs } from '../support/api-spec.ts';
import { asText, fromSchema } from '../support/schema-arbitrary.ts';

// For every route of the catalog: bodies, queries and path parameters generated from the route's
// own schemas, with hostile values mixed in, sent as an administrator, as level 3 and without a
// token. No answer may be a server error, and every answer is the JSON envelope (a streamed
// export's success is a file, not an envelope).
let app: TestApp;
let identities: [string, Record<string, string>][];

beforeAll(async () => {
  app = await buildTestApp();
  const admin = await app.as(0);
  const staff = await app.as(3);
  identities = [
    ['administrator', { authorization: admin.authorization }],
    ['level 3', { authorization: staff.authorization }],
    ['anonymous', {}],
  ];
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

describe('every route, generated input', () => {
  it('never answers a server error and always answers the envelope', async () => {
    const routes = routeSpecs(app).filter((route) => route.url !== '/api/openapi.json');
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const route of routes) {
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
            if (res.statusCode >= 500) failures.push(what);
            if (res.statusCode === 200 && isExport(route.url) && !String(res.headers['content-type']).includes('json')) return;
            let answer: { success?: unknown; code?: unknown; message?: unknown } | undefined;
            try {
              answer = res.json();
            } catch {
              failures.push(`not JSON: ${what}`);
              return;
            }
            const envelope =
              answer?.success === true ||
              (answer?.success === false && typeof answer.code === 'string' && typeof answer.message === 'string');
            if (!envelope) failures.push(`not an envelope: ${what}`);
          }),
          { numRuns: RUNS_PER_ROUTE, seed: 20_261_124 },
        );
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
