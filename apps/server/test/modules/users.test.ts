import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helper.ts';

const { app, admin } = useTestApp();

describe('users', () => {
  it('creates a user and answers it without the password', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: admin,
      payload: { username: 'waiter_1', nickname: 'Amy', password: 'secret1', permission: 3 },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.data).toMatchObject({ username: 'waiter_1', nickname: 'Amy', permission: 3, status: 'active' });
    expect(JSON.stringify(body)).not.toContain('secret1');
    expect(body.data.passwordHash).toBeUndefined();
  });

  it('rejects a username with other characters than letters, digits and underscore', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: admin,
      payload: { username: 'bad name!', password: 'secret1', permission: 3 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'validation_failed' });
    expect(res.json().details).toContainEqual({ path: ['body', 'username'], message: 'username_format' });
  });

  it('rejects a password shorter than 6 characters', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: admin,
      payload: { username: 'shorty', password: '12345', permission: 3 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ path: ['body', 'password'], message: 'password_too_short' });
  });

  it('refuses a taken username regardless of case', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: admin,
      payload: { username: 'WAITER_1', password: 'secret1', permission: 3 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('username_taken');
  });

  it('keeps the username fixed and the password when blank on edit', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: admin,
      payload: { username: 'editme', password: 'first-pass', permission: 2 },
    });
    const id = created.json().data.id;
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/v1/users/${id}`,
      headers: admin,
      payload: { username: 'renamed', nickname: 'Edited', password: '' },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ username: 'editme', nickname: 'Edited' });
    await expect(app.login('editme', 'first-pass')).resolves.toHaveProperty('authorization');
  });

  it('signs in with a new password after a change', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: admin,
      payload: { username: 'changer', password: 'first-pass', permission: 2 },
    });
    await app.inject({
      method: 'PUT',
      url: `/api/v1/users/${created.json().data.id}`,
      headers: admin,
      payload: { password: 'second-pass' },
    });
    await expect(app.login('changer', 'first-pass')).rejects.toThrow();
    await expect(app.login('changer', 'second-pass')).resolves.toHaveProperty('authorization');
  });

  it('does not let a user delete their own account', async () => {
    const me = await app.inject({ method: 'GET', url: '/api/v1/me', headers: admin });
    const res = await app.inject({ method: 'DELETE', url: `/api/v1/users/${me.json().data.id}`, headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('cannot_delete_self');
  });

  it('deletes another user', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: admin,
      payload: { username: 'leaver', password: 'secret1', permission: 3 },
    });
    const id = created.json().data.id;
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/users/${id}`, headers: admin })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/v1/users/${id}`, headers: admin })).statusCode).toBe(404);
  });

  it('lists with search and paging', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/users?q=waiter&page=1&pageSize=1', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 1, page: 1, pageSize: 1 });
    expect(res.json().data.items[0].username).toBe('waiter_1');
    const all = await app.inject({ method: 'GET', url: '/api/v1/users?pageSize=all', headers: admin });
    expect(all.json().data.items.length).toBe(all.json().data.total);
  });

  it('answers 400 for bad paging values', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/users?page=0&pageSize=abc', headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });

  it('stops an inactive user from signing in, and from using a token they already had', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: admin,
      payload: { username: 'sleeper', password: 'secret1', permission: 3 },
    });
    const token = await app.login('sleeper', 'secret1');
    await app.inject({
      method: 'PUT',
      url: `/api/v1/users/${created.json().data.id}`,
      headers: admin,
      payload: { status: 'inactive' },
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: 'sleeper', password: 'secret1' },
    });
    // Answered exactly like a wrong password, so it does not confirm the password was right.
    expect(login.statusCode).toBe(401);
    expect(login.json().code).toBe('invalid_credentials');
    expect((await app.inject({ method: 'GET', url: '/api/v1/me', headers: token })).statusCode).toBe(401);
  });
});
