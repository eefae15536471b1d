import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordWork } from '../../src/lib/passwords.ts';
import { buildTestApp, FIXTURE_PASSWORD, type TestApp } from '../helper.ts';
import { lastAudit } from '../support/audit.ts';
import { login } from '../support/users.ts';

// The sign-in limits (3 a minute here): keyed on the trusted address only, per username across
// addresses, per address across usernames, and refused before any password is hashed.
const LIMIT = 3;
/** A dozen scrypt hashes at N=2^17 take a while on a busy 2-core machine. */
const SCRYPT_HEAVY_MS = 180_000;
const spoofed = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}` });

describe('without TRUST_PROXY', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ loginAttemptsPerMinute: LIMIT });
  });
  afterAll(() => app.close());

  it('ignores X-Forwarded-For: a new spoofed address per attempt does not reset the limit', async () => {
    const statuses = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push((await login(app, 'admin', 'guess', { headers: spoofed(i) })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const record = await lastAudit(app, (r) => r.type === 'login' && r.username === 'admin');
    expect(record.ip).toBe('127.0.0.1');
  });

  it('refuses attempts over the limit before hashing any password, with Retry-After', async () => {
    const before = passwordWork.derivations;
    for (let i = 0; i < 20; i++) {
      const res = await login(app, 'admin', `guess-${i}`, { headers: spoofed(i) });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ success: false, code: 'too_many_requests' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(passwordWork.derivations).toBe(before);
  });

  it(
    'bounds one address trying many usernames',
    async () => {
      const statuses = [];
      for (let i = 0; i < LIMIT * 3 + 2; i++) {
        statuses.push((await login(app, `nobody_${i}`, 'guess', { remoteAddress: '198.51.100.7' })).statusCode);
      }
      expect(statuses.slice(0, LIMIT * 3).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(LIMIT * 3)).toEqual([429, 429]);
      // Another address is not affected.
      expect((await login(app, 'nobody_0', 'guess', { remoteAddress: '198.51.100.8' })).statusCode).toBe(401);
    },
    SCRYPT_HEAVY_MS,
  );
});

describe('with TRUST_PROXY', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ loginAttemptsPerMinute: LIMIT, trustProxy: ['127.0.0.1'] });
  });
  afterAll(() => app.close());

  it("takes the client's address from the trusted proxy, in the limit and in the audit", async () => {
    expect((await login(app, 'ghost', 'guess', { headers: spoofed(50) })).statusCode).toBe(401);
    const record = await lastAudit(app, (r) => r.type === 'login' && r.username === 'ghost');
    expect(record.ip).toBe('203.0.113.50');
    // A forwarded header from an address that is not the proxy is not believed.
    await login(app, 'ghost2', 'guess', { headers: spoofed(51), remoteAddress: '192.0.2.9' });
    expect((await lastAudit(app, (r) => r.username === 'ghost2')).ip).toBe('192.0.2.9');
  });

  it(
    'slows one username attacked from many addresses, and the real user still gets in after the wait',
    async () => {
      await app.as(3, 'target_user');
      const statuses = [];
      for (let i = 0; i < LIMIT + 2; i++)
        statuses.push(await login(app, 'target_user', `guess-${i}`, { headers: spoofed(100 + i) }));
      expect(statuses.slice(0, LIMIT).map((r) => r.statusCode)).toEqual([401, 401, 401]);
      // The 4th failure starts a delay; attempts inside it are refused, from any address.
      expect(statuses[LIMIT].statusCode).toBe(401);
      const refused = statuses[LIMIT + 1];
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, wait * 1000 + 100));
      const real = await login(app, 'target_user', FIXTURE_PASSWORD, { headers: spoofed(200) });
      expect(real.statusCode).toBe(200);
      // Success clears the streak: the next typo is an ordinary 401.
      expect((await login(app, 'target_user', 'typo', { headers: spoofed(201) })).statusCode).toBe(401);
    },
    SCRYPT_HEAVY_MS,
  );
});
