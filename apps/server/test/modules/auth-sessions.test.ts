import { describe, expect, it } from 'vitest';
import { findUserByUsername, insertUser } from '../../src/modules/users/repository.ts';
import { buildTestApp, FIXTURE_PASSWORD, type TestApp, useTestApp } from '../helper.ts';
import { lastAudit } from '../support/audit.ts';
import { legacyHash, login, send } from '../support/users.ts';

// Tokens end with what they stand for: logout, a new password, a new level and deactivation end
// every token the user holds; an inactive account answers like a wrong password.
const { app, admin } = useTestApp();

const me = (headers: { authorization: string }) => app.inject({ method: 'GET', url: '/api/v1/me', headers });

describe('token revocation over HTTP', () => {
  it('logout ends the token it was sent with and every other token of the user', async () => {
    const user = await app.as(2);
    const other = await app.as(2);
    const second = {
      authorization: `Bearer ${await app.jwt.sign({ sub: String(user.id), username: 'x', permission: 2, ver: 0 })}`,
    };
    expect((await me(user)).statusCode).toBe(200);
    expect((await send(app, user, 'POST', '/logout')).statusCode).toBe(200);
    expect((await me(user)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });

  for (const [what, change] of [
    ['a password change', { password: 'brand-new-1' }],
    ['a level change', { permission: 3 }],
    ['deactivation', { status: 'inactive' }],
  ] as const) {
    it(`${what} by an administrator ends the user's tokens`, async () => {
      const user = await app.as(2);
      expect((await me(user)).statusCode).toBe(200);
      expect((await send(app, admin, 'PUT', `/users/${user.id}`, change)).statusCode).toBe(200);
      const after = await me(user);
      expect(after.statusCode).toBe(401);
      expect(after.json().success).toBe(false);
    });
  }

  it('a nickname change keeps the tokens', async () => {
    const user = await app.as(3);
    expect((await send(app, admin, 'PUT', `/users/${user.id}`, { nickname: 'Still here' })).statusCode).toBe(200);
    expect((await me(user)).statusCode).toBe(200);
  });

  it('refuses a validly signed token of another version, or none', async () => {
    const user = await app.as(3);
    for (const ver of [1, -1, undefined]) {
      const token = await app.jwt.sign({ sub: String(user.id), username: 'x', permission: 3, ver } as never);
      expect((await me({ authorization: `Bearer ${token}` })).statusCode, String(ver)).toBe(401);
    }
  });
});

describe('signing in', () => {
  it('answers an inactive account exactly like a wrong password, and audits the real reason', async () => {
    await insertUser(app.db, { username: 'dormant', passwordHash: legacyHash('right-one'), permission: 3, status: 'inactive' });
    const inactive = await login(app, 'dormant', 'right-one');
    const wrong = await login(app, 'dormant', 'wrong-one');
    expect(inactive.statusCode).toBe(401);
    expect(inactive.body).toBe(wrong.body);
    const record = await lastAudit(
      app,
      (r) => r.type === 'login' && r.username === 'dormant' && r.errorMessage === 'Account inactive',
    );
    expect(record.result).toBe('failed');
    await lastAudit(app, (r) => r.type === 'login' && r.username === 'dormant' && r.errorMessage === 'Wrong password');
  });

  it('re-hashes a password stored with older scrypt parameters at the next sign-in', async () => {
    await insertUser(app.db, { username: 'oldtimer', passwordHash: legacyHash('kept-pass'), permission: 3, status: 'active' });
    expect((await login(app, 'oldtimer', 'kept-pass')).statusCode).toBe(200);
    const row = await findUserByUsername(app.db, 'oldtimer');
    expect(row?.passwordHash.startsWith('scrypt$131072$8$1$')).toBe(true);
    expect((await login(app, 'oldtimer', 'kept-pass')).statusCode).toBe(200);
  });

  it('changes its own password with the current one, which ends the other tokens', async () => {
    const user = await app.as(3);
    const wrong = await send(app, user, 'PUT', '/me/password', { currentPassword: 'not-it', password: 'another-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('wrong_current_password');
    const res = await send(app, user, 'PUT', '/me/password', { currentPassword: FIXTURE_PASSWORD, password: 'another-1' });
    expect(res.statusCode).toBe(200);
    expect((await me(user)).statusCode).toBe(401);
    expect((await me({ authorization: `Bearer ${res.json().data.token}` })).statusCode).toBe(200);
    const record = await lastAudit(app, (r) => r.target === 'me/password');
    expect(JSON.stringify(record)).not.toContain('another-1');
  });
});

describe('a generated administrator password', () => {
  it('is printed once to the terminal, not the log, and must be changed before anything else', async () => {
    const printed: string[] = [];
    const logged: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => printed.push(String(chunk)) > 0) as typeof process.stdout.write;
    let fresh: TestApp;
    try {
      fresh = await buildTestApp({ adminPassword: undefined }, { logStream: { write: (line) => logged.push(line) } });
    } finally {
      process.stdout.write = write;
    }
    try {
      const password = /password: (\S+)/.exec(printed.join(''))?.[1];
      expect(password).toBeDefined();
      expect(logged.join('')).not.toContain(password!);
      const headers = await fresh.login('admin', password!);
      expect((await fresh.inject({ method: 'GET', url: '/api/v1/me', headers })).json().data.mustChangePassword).toBe(true);
      const blocked = await fresh.inject({ method: 'GET', url: '/api/v1/users', headers });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().code).toBe('password_change_required');
      const changed = await send(fresh, headers, 'PUT', '/me/password', { currentPassword: password!, password: 'chosen-by-me' });
      expect(changed.statusCode).toBe(200);
      const next = { authorization: `Bearer ${changed.json().data.token}` };
      expect((await fresh.inject({ method: 'GET', url: '/api/v1/users', headers: next })).statusCode).toBe(200);
      expect((await fresh.inject({ method: 'GET', url: '/api/v1/me', headers: next })).json().data.mustChangePassword).toBe(
        false,
      );
    } finally {
      await fresh.close();
    }
  }, 180_000);
});
