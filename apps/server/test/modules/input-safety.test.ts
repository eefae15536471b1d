import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewAuditRecord } from '../../src/modules/audit/repository.ts';
import { createAuditWriter } from '../../src/modules/audit/writer.ts';
import { buildTestApp, type TestApp } from '../helper.ts';
import { auditTrail } from '../support/audit.ts';
import { BAD_INT4_IDS, int4IdRoutes, NUL_REQUESTS } from '../support/hostile-input.ts';

let app: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  app = await buildTestApp();
  admin = await app.as(0);
});
afterAll(() => app.close());

const withAuth = (authorization?: string) => (authorization ? { authorization } : {});

describe('NUL characters', () => {
  it('refuses a NUL in every body and query field with 400 nul_character, signed in or not', async () => {
    for (const authorization of [admin.authorization, undefined]) {
      for (const request of NUL_REQUESTS) {
        const res = await app.inject({ ...request, headers: withAuth(authorization) } as never);
        const what = `${request.method} ${request.url} ${authorization ? 'signed in' : 'anonymous'}`;
        // Anonymous: a NUL in the address is refused before anything else; a body is never read before sign-in (401).
        const bodyOnly = !authorization && request.payload !== undefined && !request.url.endsWith('/login');
        expect(res.statusCode, what).toBe(bodyOnly ? 401 : 400);
        expect(res.json(), what).toMatchObject({ success: false, code: bodyOnly ? 'unauthorized' : 'nul_character' });
      }
    }
  });

  it('answers POST /login with a NUL in the username with 400, not 500', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { username: 'ad\u0000min', password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('nul_character');
  });

  it('never costs another audit record written at the same moment', async () => {
    const names = ['nul_batch_a', 'nul_batch_b', 'nul_batch_c'];
    await Promise.all([
      ...names.map((username) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/users',
          headers: { ...admin, 'user-agent': 'agent\u0000with-nul' },
          payload: { username, password: 'secret1', permission: 3 },
        }),
      ),
      app.inject({ method: 'DELETE', url: '/api/v1/robots/%00' }),
      app.inject({ method: 'POST', url: '/api/v1/login', payload: { username: `x\u0000`, password: 'x' } }),
      ...NUL_REQUESTS.map((request) => app.inject({ ...request, headers: admin } as never)),
    ]);
    const trail = await auditTrail(app);
    for (const username of names) {
      expect(
        trail.some((r) => r.result === 'success' && JSON.stringify(r.newValues ?? '').includes(username)),
        username,
      ).toBe(true);
    }
    expect(trail.some((r) => r.type === 'delete' && r.result === 'failed' && r.target.startsWith('robots/'))).toBe(true);
    expect(app.audit.writer.stats.refused).toBe(0);
  });

  it('writes a batch the database refuses row by row, so only the bad record is lost', async () => {
    const writer = createAuditWriter(app.db, app.log, { intervalMs: 60_000, batchSize: 1000 });
    const base = { type: 'update', description: 'row by row', result: 'success' } as const;
    const records = [
      { ...base, target: 'row-by-row/1' },
      // int4 overflow: a data error PostgreSQL refuses, like a NUL before it was stripped.
      { ...base, target: 'row-by-row/2', durationMs: 2 ** 40 },
      { ...base, target: 'row-by-row/3' },
    ] as NewAuditRecord[];
    for (const record of records) writer.enqueue(record);
    await writer.flush();
    const targets = (await auditTrail(app)).map((r) => r.target);
    expect(targets).toContain('row-by-row/1');
    expect(targets).toContain('row-by-row/3');
    expect(targets).not.toContain('row-by-row/2');
    expect(writer.stats).toMatchObject({ written: 2, refused: 1 });
  });
});

describe('ids bounded by their column and parsed strictly', () => {
  it('refuses every out-of-range or loosely written id on every route with an int4 :id', async () => {
    const routes = int4IdRoutes(app);
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      for (const id of BAD_INT4_IDS) {
        const url = route.url.replace(':id', id);
        const res = await app.inject({
          method: route.method as 'GET',
          url,
          headers: admin,
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        expect(res.statusCode, `${route.method} ${url}`).toBe(400);
        expect(res.json().success, `${route.method} ${url}`).toBe(false);
      }
    }
  });

  it('reads the largest int4 id as a missing record', async () => {
    for (const url of ['/api/v1/users/2147483647', '/api/v1/tracks/2147483647', '/api/v1/sessions/2147483647']) {
      expect((await app.inject({ method: 'GET', url, headers: admin })).statusCode, url).toBe(404);
    }
  });

  it.each(['audit', 'alarms', 'alarm-incidents'])('bounds %s ids (bigserial) by exact JSON numbers', async (area) => {
    expect((await app.inject({ method: 'GET', url: `/api/v1/${area}/2147483648`, headers: admin })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/v1/${area}/9007199254740991`, headers: admin })).statusCode).toBe(404);
    for (const id of ['9007199254740992', '0x1', '01', '1%0a']) {
      expect((await app.inject({ method: 'GET', url: `/api/v1/${area}/${id}`, headers: admin })).statusCode, id).toBe(400);
    }
  });

  it('refuses id filters beyond their column', async () => {
    for (const url of [
      '/api/v1/robots?trackId=2147483648',
      '/api/v1/logs?trackId=9007199254740991',
      '/api/v1/tracks?sessionId=2147483648',
      '/api/v1/logs?trackId=0x1',
      '/api/v1/users?page=9007199254740991',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: admin });
      expect(res.statusCode, url).toBe(400);
    }
    const res = await app.inject({ method: 'DELETE', url: '/api/v1/logs', headers: admin, payload: { ids: [2 ** 53] } });
    expect(res.statusCode).toBe(400);
  });
});

describe('time zones', () => {
  it('refuses a zone the runtime knows and the database does not, on /audit/stats as on /logs', async () => {
    for (const url of ['/api/v1/audit/stats?tz=US/Pacific-New', '/api/v1/audit/stats?tz=US/Pacific-New&type=login']) {
      const res = await app.inject({ method: 'GET', url, headers: admin });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe('validation_failed');
    }
  });
});

describe("Fastify's own refusals", () => {
  it('answers a too-long path parameter and a malformed URL in the envelope', async () => {
    const long = await app.inject({ method: 'GET', url: `/api/v1/robots/${'a'.repeat(300)}`, headers: admin });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ success: false, code: 'request_too_large' });
    const bad = await app.inject({ method: 'GET', url: '/api/v1/users/%', headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'bad_request' });
  });

  it('answers bad JSON, an unsupported content type and a too-large body in the envelope', async () => {
    const cases = [
      { headers: { 'content-type': 'application/json' }, payload: '{"username":', status: 400 },
      { headers: { 'content-type': 'application/xml' }, payload: '<a/>', status: 415 },
      { headers: { 'content-type': 'application/json' }, payload: `{"username":"${'x'.repeat(2 * 1024 * 1024)}"}`, status: 413 },
    ];
    for (const { headers, payload, status } of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/users', headers: { ...admin, ...headers }, payload });
      expect(res.statusCode).toBe(status);
      expect(res.json().success).toBe(false);
      expect(typeof res.json().code).toBe('string');
    }
  });
});
