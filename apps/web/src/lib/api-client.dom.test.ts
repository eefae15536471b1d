import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../testing/fetch-mock.ts';
import { ApiError, api, apiUrl, redirectToLogin, setUnauthorizedHandler } from './api-client.ts';
import { TOKEN_STORAGE_KEY, tokenStore } from './session.ts';

afterEach(() => {
  setUnauthorizedHandler(null);
  tokenStore.clear();
});

describe('apiUrl', () => {
  it('prefixes relative paths with /api/v1, and /version and /health with /api', () => {
    expect(apiUrl('/users')).toBe('/api/v1/users');
    expect(apiUrl('login')).toBe('/api/v1/login');
    expect(apiUrl('/version')).toBe('/api/version');
    expect(apiUrl('/health')).toBe('/api/health');
    expect(apiUrl('/api/v1/me')).toBe('/api/v1/me');
  });
});

describe('request', () => {
  it('sends the bearer token from storage and unwraps the envelope', async () => {
    tokenStore.set('tok-1');
    const { calls } = mockFetch([{ url: '/api/v1/me', body: ok({ id: 1, username: 'admin' }) }]);
    await expect(api.get('/me')).resolves.toEqual({ id: 1, username: 'admin' });
    expect(calls[0].headers.Authorization).toBe('Bearer tok-1');
  });

  it('sends no Authorization header without a token', async () => {
    const { calls } = mockFetch([{ method: 'POST', url: '/api/v1/login', body: ok({ token: 't' }) }]);
    await api.post('/login', { username: 'a', password: 'b' });
    expect(calls[0].headers.Authorization).toBeUndefined();
    expect(calls[0].body).toEqual({ username: 'a', password: 'b' });
  });

  it('adds query parameters, leaving out empty ones', async () => {
    const { calls } = mockFetch([{ url: /^\/api\/v1\/users/, body: ok({ items: [] }) }]);
    await api.get('/users', { query: { page: 2, pageSize: 20, q: '', status: undefined, permission: 0 } });
    expect(calls[0].url).toBe('/api/v1/users?page=2&pageSize=20&permission=0');
  });

  it('turns an error envelope into an ApiError with status, code, message and details', async () => {
    mockFetch([
      {
        method: 'POST',
        url: '/api/v1/users',
        status: 400,
        body: fail('validation_failed', 'Invalid input', [{ path: ['body', 'username'], message: 'username_format' }]),
      },
    ]);
    const error = await api.post('/users', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Invalid input', fromServer: true });
    expect((error as ApiError).validationDetails).toEqual([{ path: ['body', 'username'], message: 'username_format' }]);
  });

  it('reports a network failure as network_error', async () => {
    mockFetch([]);
    await expect(api.get('/me')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('reports a non-JSON server failure as internal_error', async () => {
    mockFetch([{ url: '/api/v1/me', status: 502, body: '<html>Bad gateway</html>' }]);
    await expect(api.get('/me')).rejects.toMatchObject({ status: 502, code: 'internal_error', fromServer: false });
  });
});

describe('401 handling', () => {
  it('removes the stored token and calls the redirect', async () => {
    tokenStore.set('stale');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch([{ url: '/api/v1/me', status: 401, body: fail('unauthorized', 'Token expired') }]);
    await expect(api.get('/me')).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(tokenStore.get()).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('by default goes to /login with a full page load, unless already there', () => {
    const assign = vi.fn();
    redirectToLogin({ pathname: '/users', assign });
    expect(assign).toHaveBeenCalledWith('/login');
    assign.mockClear();
    redirectToLogin({ pathname: '/login', assign });
    expect(assign).not.toHaveBeenCalled();
  });
});
