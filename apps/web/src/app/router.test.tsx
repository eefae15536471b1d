import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../lib/session.ts';
import { fail, mockFetch, ok } from '../testing/fetch-mock.ts';
import { adminUser, brokerAccountRoute, clientConfigAnswer, renderApp } from '../testing/render-app.tsx';
import { tokenFor } from '../testing/tokens.ts';

function signedInAs(permission: number) {
  tokenStore.set(tokenFor(permission));
  return mockFetch([
    { url: '/api/v1/me', body: ok({ ...adminUser, permission }) },
    { url: '/api/v1/system/client-config', body: ok(clientConfigAnswer) },
    brokerAccountRoute(tokenStore.get()),
    { url: /^\/api\/v1\/users\?/, body: ok({ items: [adminUser], total: 1, page: 1, pageSize: 20 }) },
  ]);
}

describe('routing and guards', () => {
  it('/ goes to /login', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByTestId('login-submit')).toBeTruthy();
  });

  it('a protected route without a session goes to /login', async () => {
    const { router } = renderApp('/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('an expired token counts as signed out', async () => {
    tokenStore.set(tokenFor(0, -5));
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('/login while signed in goes to the dashboard', async () => {
    signedInAs(0);
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('歡迎，店長')).toBeTruthy();
  });

  it('a level that cannot open a screen goes to the dashboard, which says why', async () => {
    signedInAs(3);
    const { router } = renderApp('/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const notice = await screen.findByTestId('access-denied');
    expect(notice.textContent).toContain('你的權限無法開啟「使用者列表」');
    expect(notice.textContent).toContain('此頁面需要權限等級 0–2，你的帳號是等級 3・一般使用者');
    // Closed, it leaves the history entry without the reason.
    fireEvent.click(within(notice).getByRole('button'));
    await waitFor(() => expect(screen.queryByTestId('access-denied')).toBeNull());
    expect(router.state.location.state).toBeNull();
  });

  it('the dashboard opened directly shows no denial', async () => {
    signedInAs(3);
    renderApp('/dashboard');
    expect(await screen.findByText('歡迎，店長')).toBeTruthy();
    expect(screen.queryByTestId('access-denied')).toBeNull();
  });

  it('level 2 opens session create although its sidebar hides it', async () => {
    signedInAs(2);
    const { router } = renderApp('/sessions/create');
    expect(await screen.findByTestId('page-title')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sessions/create');
    expect(screen.getByTestId('page-title').textContent).toBe('新增場域');
    expect(screen.queryByText('稽核紀錄')).toBeNull();
  });

  it('GET /me answering 401 signs out and goes to /login', async () => {
    tokenStore.set(tokenFor(0));
    mockFetch([{ url: '/api/v1/me', status: 401, body: fail('unauthorized', 'Token revoked') }]);
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(tokenStore.get()).toBeNull();
  });

  it('sets the page title per route and shows the header with nickname, role and broker state', async () => {
    signedInAs(0);
    const { fake } = renderApp('/users');
    expect(await screen.findByText('使用者列表', { selector: '[data-testid="page-title"]' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('使用者列表 | RailServe'));
    expect(screen.getByTestId('app-title').textContent).toBe('RailServe 軌道送餐機器人管理系統');
    expect(screen.getByTestId('user-nickname').textContent).toBe('店長');
    expect(screen.getByTestId('user-role').textContent).toBe('等級 0・系統管理員');
    // The layout opened the broker connection with the credentials POST /me/broker-account gave.
    await waitFor(() => expect(fake.calls).toHaveLength(1));
    expect(fake.calls[0].options.password).toBe(tokenStore.get());
    expect(screen.getByTestId('broker-indicator').getAttribute('data-status')).toBe('connecting');
    expect(screen.getByText('連線中...')).toBeTruthy();
  });

  it('logout calls POST /logout (a failure is only warned), clears the token, closes the broker and goes to /login', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    tokenStore.set(tokenFor(0));
    const { calls } = mockFetch([
      { url: '/api/v1/me', body: ok(adminUser) },
      { url: '/api/v1/system/client-config', body: ok(clientConfigAnswer) },
      brokerAccountRoute(tokenStore.get()),
      { method: 'POST', url: '/api/v1/logout', status: 500, body: fail('internal_error', 'Internal server error') },
    ]);
    const { router, fake, broker } = renderApp('/dashboard');
    await waitFor(() => expect(fake.calls).toHaveLength(1));
    fake.last().emit('connect');
    await waitFor(() => expect(screen.getByTestId('broker-indicator').getAttribute('data-status')).toBe('connected'));
    fireEvent.click(screen.getByTestId('logout-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v1/logout')).toBe(true);
    expect(warn).toHaveBeenCalled();
    expect(tokenStore.get()).toBeNull();
    expect(fake.last().ended).toBe(true);
    expect(broker.getSnapshot()).toMatchObject({ client: null, isConnected: false });
  });
});
