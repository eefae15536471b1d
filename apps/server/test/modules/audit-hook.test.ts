import { describe, expect, it } from 'vitest';
import { auditRecords } from '../../src/db/schema/audit.ts';
import type { NewAuditRecord } from '../../src/modules/audit/repository.ts';
import { ADMIN_PASSWORD, buildTestApp, useTestApp } from '../helper.ts';
import { auditTrail, lastAudit } from '../support/audit.ts';

// The one audit hook: every state-changing call, login, logout and export leaves a record with
// the right fields, failures included, and no secret ever reaches the log.
const { app, admin } = useTestApp();
const UA = 'RailServeTest/1.0 (audit)';
const USER_PASSWORD = 'first-secret-pw';
const NEW_PASSWORD = 'second-secret-pw';

const createUser = (username: string, nickname = 'Amy') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/users',
    headers: { ...admin, 'user-agent': UA },
    payload: { username, nickname, password: USER_PASSWORD, permission: 3 },
  });

describe('audit hook', () => {
  it('records a successful login with the user, IP and user agent, and masks the password and token', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'user-agent': UA },
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const record = await lastAudit(app, (r) => r.type === 'login' && r.result === 'success');
    expect(record).toMatchObject({ username: 'admin', target: 'login', ip: '127.0.0.1', userAgent: UA, errorMessage: null });
    expect(record.requestData).toEqual({ body: { username: 'admin', password: '***' } });
    expect((record.responseData as { token: string }).token).toBe('***');
    expect(record.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('records a failed login with the attempted username and the error message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: 'intruder', password: 'guess123' },
    });
    expect(res.statusCode).toBe(401);
    const record = await lastAudit(app, (r) => r.type === 'login' && r.username === 'intruder');
    // The answer says only that sign-in failed; the audit keeps the real reason.
    expect(res.json().message).toBe('Login failed, check your username and password');
    expect(record).toMatchObject({ result: 'failed', errorMessage: 'Unknown user', affectedRows: 0 });
    expect(JSON.stringify(record)).not.toContain('guess123');
  });

  it('records a logout', async () => {
    const session = await app.as(2);
    await app.inject({ method: 'POST', url: '/api/v1/logout', headers: session });
    const record = await lastAudit(app, (r) => r.type === 'logout');
    expect(record).toMatchObject({ result: 'success', target: 'logout', description: 'Sign out' });
    expect(record.username).toMatch(/^level2_/);
  });

  it('records a user creation with its new values and no password', async () => {
    const res = await createUser('audited_new');
    const record = await lastAudit(app, (r) => r.target === 'users' && r.result === 'success');
    expect(record).toMatchObject({ type: 'user_management', username: 'admin', affectedRows: 1, userAgent: UA, oldValues: null });
    expect(record.newValues).toMatchObject({ id: res.json().data.id, username: 'audited_new', nickname: 'Amy' });
    expect((record.requestData as { body: { password: string } }).body.password).toBe('***');
    expect(record.description).toContain('audited_new');
  });

  it('records an edit with the old values read before the change and the new values after it', async () => {
    const id = (await createUser('audited_edit', 'Before')).json().data.id;
    await app.inject({
      method: 'PUT',
      url: `/api/v1/users/${id}`,
      headers: admin,
      payload: { nickname: 'After', password: NEW_PASSWORD },
    });
    const record = await lastAudit(app, (r) => r.target === `users/${id}` && r.type === 'user_management');
    expect(record).toMatchObject({ result: 'success', affectedRows: 1 });
    // Only what changed, on both sides (the bookkeeping updatedAt left out).
    expect(record.oldValues).toEqual({ nickname: 'Before' });
    expect(record.newValues).toEqual({ nickname: 'After' });
    expect(record.description).toBe(`Update users/${id} (audited_edit)`);
    expect(record.requestData).toMatchObject({ params: { id }, body: { nickname: 'After', password: '***' } });
  });

  it('records a deletion with the old values and no new values', async () => {
    const id = (await createUser('audited_gone', 'Gone')).json().data.id;
    await app.inject({ method: 'DELETE', url: `/api/v1/users/${id}`, headers: admin });
    const record = await lastAudit(
      app,
      (r) => r.target === `users/${id}` && r.requestData !== null && !('body' in (r.requestData as object)),
    );
    expect(record).toMatchObject({ type: 'user_management', result: 'success', affectedRows: 1, newValues: null });
    expect(record.oldValues).toMatchObject({ username: 'audited_gone', nickname: 'Gone' });
    expect(record.description).toBe(`Delete users/${id} (audited_gone)`);
  });

  it('records a failing request as failed, with the error and without new values', async () => {
    const me = (await app.inject({ method: 'GET', url: '/api/v1/me', headers: admin })).json().data;
    const res = await app.inject({ method: 'DELETE', url: `/api/v1/users/${me.id}`, headers: admin });
    expect(res.statusCode).toBe(400);
    const record = await lastAudit(app, (r) => r.target === `users/${me.id}`);
    expect(record).toMatchObject({ result: 'failed', errorMessage: res.json().message, affectedRows: 0, newValues: null });
    expect(record.responseData).toMatchObject({ code: 'cannot_delete_self' });
  });

  it('records requests refused for the role, for a bad token and for bad input', async () => {
    const general = await app.as(3, 'audited_general');
    await app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: general,
      payload: { username: 'x1', password: 'secret1', permission: 3 },
    });
    const refused = await lastAudit(app, (r) => r.username === 'audited_general' && r.target === 'users');
    expect(refused).toMatchObject({ result: 'failed', type: 'user_management' });
    expect(refused.responseData).toMatchObject({ code: 'forbidden' });

    await app.inject({ method: 'DELETE', url: '/api/v1/users/424242', headers: { authorization: 'Bearer not-a-token' } });
    expect(await lastAudit(app, (r) => r.target === 'users/424242')).toMatchObject({ result: 'failed', username: null });

    await app.inject({ method: 'POST', url: '/api/v1/users', headers: admin, payload: { username: 'bad name!', password: '1' } });
    const invalid = await lastAudit(app, (r) => r.target === 'users' && r.result === 'failed' && r.username === 'admin');
    expect(invalid.responseData).toMatchObject({ code: 'validation_failed' });
  });

  it('does not record reads', async () => {
    const before = (await auditTrail(app)).length;
    await app.inject({ method: 'GET', url: '/api/v1/users', headers: admin });
    await app.inject({ method: 'GET', url: '/api/v1/audit', headers: admin });
    expect((await auditTrail(app)).length).toBe(before);
  });

  it('records an export with the number of rows it wrote', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/audit/export?format=csv&type=login', headers: admin });
    expect(res.statusCode).toBe(200);
    const rows = res.body.trim().split('\r\n').length - 1;
    const record = await lastAudit(app, (r) => r.type === 'export');
    expect(record).toMatchObject({ target: 'audit/export', result: 'success', affectedRows: rows, username: 'admin' });
    expect(record.requestData).toMatchObject({ query: { format: 'csv', type: 'login' } });
  });

  it('has the record in the database before the answer leaves, and writes queued ones before the database closes', async () => {
    const other = await buildTestApp();
    const closeDatabase = other.database.close;
    let writtenAtClose = -1;
    other.database.close = async () => {
      writtenAtClose = (await other.db.select().from(auditRecords)).length;
      await closeDatabase();
    };
    await other.inject({ method: 'POST', url: '/api/v1/login', payload: { username: 'admin', password: ADMIN_PASSWORD } });
    // No flush: the answer was held until its record was stored.
    expect(other.audit.writer.pending).toBe(0);
    expect(await other.db.select().from(auditRecords)).toHaveLength(1);
    other.audit.record({ type: 'cleanup', target: 'audit', description: 'queued', result: 'success' } as NewAuditRecord);
    expect(other.audit.writer.pending).toBe(1);
    await other.close();
    expect(writtenAtClose).toBe(2);
  });

  it('never writes a password or a token into any record', async () => {
    const trail = JSON.stringify(await auditTrail(app));
    for (const secret of [ADMIN_PASSWORD, USER_PASSWORD, NEW_PASSWORD, 'guess123', admin.authorization.slice(7)]) {
      expect(trail).not.toContain(secret);
    }
  });
});
