import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../helper.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ loginAttemptsPerMinute: 5 });
});
afterAll(() => app.close());

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
function forge(payload: object, secret: string, header: object = { alg: 'HS256', typ: 'JWT' }) {
  const head = `${b64(header)}.${b64(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

describe('sign-in', () => {
  it('answers a token with an expiry and audience, and the current user', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const { token } = res.json().data;
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(claims.aud).toBe('railserve-console');
    const me = await app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().data).toMatchObject({ username: 'admin', permission: 0 });
  });

  it('asks for both username and password', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { username: 'admin' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });

  it('refuses a bad password with invalid_credentials, then rate limits', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { username: 'ghost', password: 'nope' } });
      statuses.push(res.statusCode);
      if (res.statusCode === 401) expect(res.json().code).toBe('invalid_credentials');
      if (res.statusCode === 429) expect(res.json()).toMatchObject({ success: false, code: 'too_many_requests' });
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
  });

  it('refuses tokens that are expired, unsigned, for another audience or malformed', async () => {
    const secret = app.secrets.jwtSecret;
    const base = { sub: '1', username: 'admin', permission: 0, aud: 'railserve-console' };
    const now = Math.floor(Date.now() / 1000);
    const cases = {
      expired: forge({ ...base, exp: now - 10 }, secret),
      wrongAudience: forge({ ...base, aud: 'other', exp: now + 600 }, secret),
      wrongSecret: forge({ ...base, exp: now + 600 }, 'not-the-secret-at-all'),
      none: `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...base, exp: now + 600 })}.`,
      garbage: 'abc.def',
    };
    for (const [name, token] of Object.entries(cases)) {
      const res = await app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, name).toBe(401);
      expect(res.json().success, name).toBe(false);
    }
    const expired = await app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${cases.expired}` } });
    expect(expired.json().code).toBe('token_expired');
  });
});

describe('HTTP conventions', () => {
  it('answers health, version and OpenAPI without a token', async () => {
    expect((await app.inject('/api/health')).json().data).toMatchObject({ database: true });
    expect((await app.inject('/api/version')).json().data).toMatchObject({ name: 'RailServe', database: expect.any(String) });
    const openapi = (await app.inject('/api/openapi.json')).json();
    expect(openapi.openapi).toMatch(/^3\./);
    expect(Object.keys(openapi.paths)).toContain('/api/v1/users');
  });

  it('answers an unknown API path with the 404 envelope', async () => {
    const res = await app.inject('/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'not_found' });
  });

  it('answers malformed JSON with 400 and a too large body with 413, never 500', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
    const big = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('payload_too_large');
  });

  it('sends security headers', async () => {
    const res = await app.inject('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('broker credentials on the embedded broker', () => {
  it('answers user web and the caller’s own token, and nothing without a valid one', async () => {
    const headers = await app.as(3);
    const res = await app.inject({ method: 'POST', url: '/api/v1/me/broker-account', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ username: 'web', password: headers.authorization.slice('Bearer '.length) });
    const forged = forge({ sub: String(headers.id), exp: Date.now() / 1000 + 60 }, 'not-the-secret');
    for (const authorization of [undefined, `Bearer ${forged}`, 'Bearer', 'Basic x'])
      expect(
        (await app.inject({ method: 'POST', url: '/api/v1/me/broker-account', headers: authorization ? { authorization } : {} }))
          .statusCode,
      ).toBe(401);
  });
});
