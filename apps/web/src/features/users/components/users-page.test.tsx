import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tokenStore } from '../../../lib/session.ts';
import { fail, mockFetch, ok } from '../../../testing/fetch-mock.ts';
import { adminUser, brokerAccountRoute, clientConfigAnswer, renderApp } from '../../../testing/render-app.tsx';
import { tokenFor } from '../../../testing/tokens.ts';

const operator = { ...adminUser, id: 2, username: 'op_1', nickname: null, permission: 3 as const, status: 'inactive' as const };

function signedIn(permission: number, extra: Parameters<typeof mockFetch>[0] = []) {
  tokenStore.set(tokenFor(permission));
  return mockFetch([
    ...extra,
    { url: '/api/v1/me', body: ok({ ...adminUser, permission }) },
    { url: '/api/v1/system/client-config', body: ok(clientConfigAnswer) },
    brokerAccountRoute(tokenStore.get()),
    { url: /^\/api\/v1\/users\?/, body: ok({ items: [adminUser, operator], total: 2, page: 1, pageSize: 20 }) },
  ]);
}

async function rowOf(username: string) {
  const cell = await screen.findByText(username, { exact: false, selector: 'td *' });
  return cell.closest('tr') as HTMLElement;
}

describe('users list', () => {
  it('shows role names and status tags, and the actions an administrator may use', async () => {
    const { calls } = signedIn(0);
    renderApp('/users?status=inactive');
    const row = await rowOf('op_1');
    expect(within(row).getByText('等級 3・一般使用者')).toBeTruthy();
    expect(within(row).getByText('停用')).toBeTruthy();
    expect(within(row).getByText('檢視')).toBeTruthy();
    expect(within(row).getByText('編輯')).toBeTruthy();
    expect(screen.getByTestId('users-create')).toBeTruthy();
    expect(calls.find((c) => c.url.startsWith('/api/v1/users?'))?.url).toBe('/api/v1/users?page=1&pageSize=20&status=inactive');
  });

  it('cannot delete yourself: the button is disabled', async () => {
    signedIn(0);
    renderApp('/users');
    const self = await rowOf('admin');
    expect((within(self).getByTestId('user-delete') as HTMLButtonElement).disabled).toBe(true);
    const other = await rowOf('op_1');
    expect((within(other).getByTestId('user-delete') as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the server's cannot_delete_self as '{action} failed: {error}'", async () => {
    signedIn(0, [{ method: 'DELETE', url: '/api/v1/users/2', status: 400, body: fail('cannot_delete_self', 'no') }]);
    renderApp('/users');
    const row = await rowOf('op_1');
    fireEvent.click(within(row).getByTestId('user-delete'));
    // antd puts a space between two CJK characters in a button.
    fireEvent.click(await screen.findByRole('button', { name: /^刪\s?除$/ }));
    expect(await screen.findByText('刪除使用者失敗：無法刪除自己的帳號')).toBeTruthy();
  });

  it('level 2 sees the list without create, view, edit or delete', async () => {
    signedIn(2);
    renderApp('/users');
    const row = await rowOf('op_1');
    expect(within(row).queryByText('編輯')).toBeNull();
    expect(within(row).queryByText('檢視')).toBeNull();
    expect(screen.queryByTestId('user-delete')).toBeNull();
    expect(screen.queryByTestId('users-create')).toBeNull();
  });

  it('a failed load reads "{action} failed: {error}"', async () => {
    tokenStore.set(tokenFor(0));
    mockFetch([
      { url: '/api/v1/me', body: ok(adminUser) },
      { url: '/api/v1/system/client-config', body: ok(clientConfigAnswer) },
      brokerAccountRoute(tokenStore.get()),
      { url: /^\/api\/v1\/users\?/, status: 500, body: fail('internal_error', 'Internal server error') },
    ]);
    renderApp('/users');
    await waitFor(() => expect(screen.getByText('載入使用者失敗：系統錯誤，請稍後再試')).toBeTruthy());
  });
});
