import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale, LOCALE_STORAGE_KEY } from '../../../lib/i18n.ts';
import { tokenStore } from '../../../lib/session.ts';
import { fail, mockFetch, ok } from '../../../testing/fetch-mock.ts';
import { adminUser, brokerAccountRoute, clientConfigAnswer, renderApp } from '../../../testing/render-app.tsx';
import { tokenFor } from '../../../testing/tokens.ts';

function fill(username: string, password: string) {
  fireEvent.change(screen.getByPlaceholderText('請輸入帳號'), { target: { value: username } });
  fireEvent.change(screen.getByPlaceholderText('請輸入密碼'), { target: { value: password } });
}

afterEach(async () => {
  await act(() => changeLocale('zh-TW'));
});

describe('login screen', () => {
  it('asks for both fields when one is empty', async () => {
    const { calls } = mockFetch([]);
    renderApp('/login');
    await screen.findByTestId('login-submit');
    fill('admin', '');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toContain('請輸入帳號和密碼');
    expect(calls).toHaveLength(0);
  });

  it('shows the translated server code on failure', async () => {
    mockFetch([{ method: 'POST', url: '/api/v1/login', status: 401, body: fail('invalid_credentials', 'Login failed') }]);
    const { router } = renderApp('/login');
    await screen.findByTestId('login-submit');
    fill('admin', 'wrong-password');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toContain('登入失敗，請檢查帳號和密碼');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the network error text when the server cannot be reached', async () => {
    mockFetch([]);
    renderApp('/login');
    await screen.findByTestId('login-submit');
    fill('admin', 'secret1');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toContain('網路錯誤，請稍後再試');
  });

  it('stores the token and goes to the dashboard on success', async () => {
    const token = tokenFor(0);
    const { calls } = mockFetch([
      { method: 'POST', url: '/api/v1/login', body: ok({ token, user: adminUser }, 'Login successful') },
      { url: '/api/v1/me', body: ok(adminUser) },
      { url: '/api/v1/system/client-config', body: ok(clientConfigAnswer) },
      brokerAccountRoute(tokenStore.get()),
    ]);
    const { router } = renderApp('/login');
    await screen.findByTestId('login-submit');
    fill(' admin ', 'admin123');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(tokenStore.get()).toBe(token);
    expect(calls[0].body).toEqual({ username: 'admin', password: 'admin123' });
    tokenStore.clear();
  });

  it('switches the language and remembers the choice', async () => {
    mockFetch([]);
    renderApp('/login');
    await screen.findByTestId('login-submit');
    await act(() => changeLocale('en'));
    expect(await screen.findByText('Sign in', { selector: 'button span' })).toBeTruthy();
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
