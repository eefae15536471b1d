import { ACTION_LEVELS } from '@railserve/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.ts';

// Walks every API route for every level and checks the server against the matrix in
// packages/protocol: a level outside the action's list gets 403, a level inside never does.
let app: TestApp;
const headers: Record<number, { authorization: string }> = {};

// Routes whose effect would end the test process (restart) or the test's tokens (logout); their permission is still checked for the
// levels that must be refused.
const SKIP_ALLOWED = new Set(['POST /api/v1/system/restart', 'POST /api/v1/logout']);

beforeAll(async () => {
  app = await buildTestApp();
  for (const level of [0, 1, 2, 3] as const) headers[level] = await app.as(level);
});
afterAll(() => app.close());

const concrete = (url: string) =>
  url
    .replace(/:sn\b/g, 'SIM-0001')
    .replace(/:group\b/g, 'basic')
    .replace(/:[A-Za-z]+/g, '999999');

describe('permission matrix', () => {
  it('every API route declares an action or public', () => {
    expect(app.apiCatalog.length).toBeGreaterThan(5);
    for (const route of app.apiCatalog) expect(route.public || route.action, `${route.method} ${route.url}`).toBeTruthy();
  });

  it('refuses every protected route without a token', async () => {
    for (const route of app.apiCatalog.filter((r) => !r.public)) {
      const res = await app.inject({ method: route.method as 'GET', url: concrete(route.url) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  for (const level of [0, 1, 2, 3]) {
    it(`level ${level} gets exactly what the matrix gives it`, async () => {
      for (const route of app.apiCatalog.filter((r) => r.action)) {
        const allowed = (ACTION_LEVELS[route.action!] as readonly number[]).includes(level);
        const key = `${route.method} ${route.url}`;
        if (allowed && SKIP_ALLOWED.has(key)) continue;
        const res = await app.inject({ method: route.method as 'GET', url: concrete(route.url), headers: headers[level] });
        if (allowed) expect([401, 403], `${key} as level ${level}: ${res.body}`).not.toContain(res.statusCode);
        else expect(res.statusCode, `${key} as level ${level}`).toBe(403);
      }
    });
  }
});
