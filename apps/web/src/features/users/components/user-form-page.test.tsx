import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tokenStore } from '../../../lib/session.ts';
import { fail, mockFetch, ok } from '../../../testing/fetch-mock.ts';
import { adminUser, brokerAccountRoute, clientConfigAnswer, renderApp } from '../../../testing/render-app.tsx';
import { tokenFor } from '../../../testing/tokens.ts';

const operator = { ...adminUser, id: 2, username: 'op_1', nickname: '小明', permission: 3 as const };

function signedIn(extra: Parameters<typeof mockFetch>[0] = []) {
  tokenStore.set(tokenFor(0));
  return mockFetch([
    ...extra,
    { url: '/api/v1/me', body: ok(adminUser) },
    { url: '/api/v1/system/client-config', body: ok(clientConfigAnswer) },
    brokerAccountRoute(tokenStore.get()),
    { url: '/api/v1/users/2', body: ok(operator) },
    { url: '/api/v1/users/1', body: ok(adminUser) },
    { url: /^\/api\/v1\/users\?/, body: ok({ items: [], total: 0, page: 1, pageSize: 20 }) },
  ]);
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByTestId('user-save'));

describe('user form', () => {
  it('create: checks username format, password length and confirmation client-side', async () => {
    const { calls } = signedIn();
    renderApp('/users/create');
    await screen.findByTestId('user-form');
    fireEvent.change(input('帳號'), { target: { value: 'bad name' } });
    fireEvent.change(input('密碼'), { target: { value: '123' } });
    fireEvent.change(input('確認密碼'), { target: { value: '1234' } });
    save();
    expect(await screen.findByText('帳號只能包含英文字母、數字和底線')).toBeTruthy();
    expect(screen.getByText('密碼至少需要 6 個字元')).toBeTruthy();
    expect(screen.getByText('兩次輸入的密碼不一致')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v1/users')).toBe(false);
  });

  it('create: puts server validation errors and username_taken on their fields', async () => {
    signedIn([{ method: 'POST', url: '/api/v1/users', status: 409, body: fail('username_taken', 'Username taken') }]);
    const { router } = renderApp('/users/create');
    await screen.findByTestId('user-form');
    fireEvent.change(input('帳號'), { target: { value: 'op_1' } });
    fireEvent.change(input('密碼'), { target: { value: 'secret1' } });
    fireEvent.change(input('確認密碼'), { target: { value: 'secret1' } });
    save();
    expect(await screen.findByText('此帳號已被使用')).toBeTruthy();
    expect(await screen.findByText('新增使用者失敗：此帳號已被使用')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/users/create');
  });

  it('create: sends the body and returns to the list', async () => {
    const { calls } = signedIn([{ method: 'POST', url: '/api/v1/users', body: ok({ ...operator, id: 9 }) }]);
    const { router } = renderApp('/users/create');
    await screen.findByTestId('user-form');
    fireEvent.change(input('帳號'), { target: { value: 'new_op' } });
    fireEvent.change(input('暱稱'), { target: { value: '  阿華 ' } });
    fireEvent.change(input('密碼'), { target: { value: 'secret1' } });
    fireEvent.change(input('確認密碼'), { target: { value: 'secret1' } });
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/v1/users')?.body).toEqual({
      username: 'new_op',
      nickname: '阿華',
      password: 'secret1',
      permission: 3,
      status: 'active',
    });
  });

  it('edit: username is fixed, a blank password is left out (kept), and a hint says so', async () => {
    const { calls } = signedIn([{ method: 'PUT', url: '/api/v1/users/2', body: ok(operator) }]);
    const { router } = renderApp('/users/2/edit');
    await waitFor(() => expect(input('帳號').value).toBe('op_1'));
    expect(input('帳號').disabled).toBe(true);
    expect(screen.getByText('留空將保留目前的密碼')).toBeTruthy();
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ nickname: '小明', permission: 3, status: 'active' });
  });

  it('edit: a server validation error lands on its field', async () => {
    signedIn([
      {
        method: 'PUT',
        url: '/api/v1/users/2',
        status: 400,
        body: fail('validation_failed', 'Invalid input', [{ path: ['body', 'nickname'], message: 'too_long' }]),
      },
    ]);
    renderApp('/users/2/edit');
    await waitFor(() => expect(input('帳號').value).toBe('op_1'));
    save();
    expect(await screen.findByText('長度超過上限')).toBeTruthy();
  });

  it('info: reads as text, not as a disabled form; no password, no required marks', async () => {
    signedIn();
    const { router } = renderApp('/users/2/info');
    const info = await screen.findByTestId('user-info');
    const row = (label: string) => within(info).getByText(label).closest('tr')!;
    expect(within(row('帳號')).getByText('op_1')).toBeTruthy();
    expect(within(row('暱稱')).getByText('小明')).toBeTruthy();
    expect(within(row('權限')).getByText('等級 3・一般使用者')).toBeTruthy();
    expect(within(row('狀態')).getByText('啟用')).toBeTruthy();
    expect(within(row('建立時間')).getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toBeTruthy();
    expect(info.querySelectorAll('input, textarea, .ant-select, .ant-form-item-required')).toHaveLength(0);
    expect(screen.queryByText('密碼')).toBeNull();
    expect(screen.queryByTestId('user-save')).toBeNull();
    expect(screen.getByTestId('page-title').textContent).toBe('使用者資訊');
    fireEvent.click(within(info).getByRole('button', { name: /^編\s?輯$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/2/edit'));
  });

  it('edit yourself: the status stays active (you cannot deactivate your own account)', async () => {
    signedIn();
    renderApp('/users/1/edit');
    await waitFor(() => expect(input('帳號').value).toBe('admin'));
    expect(screen.getByText('無法停用自己的帳號')).toBeTruthy();
    // The form's status choices; the header's language selector has radios of its own.
    const form = document.querySelector('form')!;
    for (const radio of within(form).getAllByRole('radio')) expect((radio as HTMLInputElement).disabled).toBe(true);
  });
});
