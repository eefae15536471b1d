import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../../lib/session.ts';
import { fail, mockFetch, ok } from '../../../testing/fetch-mock.ts';
import { adminUser, brokerAccountRoute, clientConfigAnswer, renderApp } from '../../../testing/render-app.tsx';
import { tokenFor } from '../../../testing/tokens.ts';

const summary = {
  id: 41,
  time: '2026-03-01T08:30:00.000Z',
  type: 'user_management',
  username: 'admin',
  target: 'users/7',
  description: 'Update users/7 (amy)',
  ip: '10.0.0.5',
  userAgent: 'Mozilla/5.0',
  result: 'success',
  errorMessage: null,
  durationMs: 12,
  affectedRows: 1,
};
const user = { id: 7, username: 'amy', nickname: '小美', permission: 3, status: 'active' };
const record = {
  ...summary,
  requestData: { params: { id: 7 }, body: { nickname: 'Amy Chen', password: '***' } },
  responseData: { ...user, nickname: 'Amy Chen' },
  oldValues: user,
  newValues: { ...user, nickname: 'Amy Chen' },
};
const stats = {
  total: 3,
  byType: [
    { key: 'user_management', count: 2 },
    { key: 'login', count: 1 },
  ],
  byResult: [
    { key: 'success', count: 2 },
    { key: 'failed', count: 1 },
  ],
  byUser: [{ key: 'admin', count: 3 }],
  byDay: [{ key: '2026-03-01', count: 3 }],
};

function signedIn(permission: number, extra: Parameters<typeof mockFetch>[0] = []) {
  tokenStore.set(tokenFor(permission));
  return mockFetch([
    ...extra,
    { url: '/api/v1/me', body: ok({ ...adminUser, permission }) },
    { url: '/api/v1/system/client-config', body: ok(clientConfigAnswer) },
    brokerAccountRoute(tokenStore.get()),
    { url: /^\/api\/v1\/audit\?/, body: ok({ items: [summary], total: 1, page: 1, pageSize: 20 }) },
    { url: /^\/api\/v1\/audit\/stats\?/, body: ok(stats) },
    { url: '/api/v1/audit/41', body: ok(record) },
  ]);
}

// The page and its chart chunk are lazy: transform them once up front, so a busy machine spends
// that time here and not inside the first test's wait for the list.
beforeAll(async () => {
  await Promise.all([import('./audit-page.tsx'), import('./count-bar-chart.tsx')]);
}, 60_000);

describe('audit page', () => {
  it('lists records with translated type and result, and passes the URL filters on', async () => {
    const { calls } = signedIn(1);
    renderApp('/audit?type=user_management&q=amy');
    const row = await screen.findByTestId('audit-row-41');
    expect(within(row).getByText('使用者管理')).toBeTruthy();
    expect(within(row).getByText('成功')).toBeTruthy();
    expect(calls.find((c) => c.url.startsWith('/api/v1/audit?'))?.url).toBe(
      '/api/v1/audit?page=1&pageSize=20&type=user_management&q=amy',
    );
    // The records come first; the charts are folded away below them and not asked for until opened.
    const fold = screen.getByTestId('audit-stats-fold');
    expect(screen.getByTestId('audit-table').compareDocumentPosition(fold) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/v1/audit/stats?'))).toBe(false);
    expect(screen.queryByTestId('audit-stats')).toBeNull();
    fireEvent.click(within(fold).getByText('統計圖表'));
    expect(await screen.findByTestId('audit-stats')).toBeTruthy();
    const statsCall = calls.find((c) => c.url.startsWith('/api/v1/audit/stats?'))?.url ?? '';
    expect(statsCall).toMatch(/type=user_management&q=amy&tz=/);
    expect(screen.getByRole('figure', { name: '依類型' })).toBeTruthy();
  });

  it('opens a record and shows the old and new nickname side by side with the change marked', async () => {
    signedIn(0);
    renderApp('/audit');
    fireEvent.click(within(await screen.findByTestId('audit-row-41')).getByTestId('audit-open-detail'));
    const nickname = await screen.findByTestId('audit-diff-row-nickname');
    expect(nickname.getAttribute('data-changed')).toBe('true');
    expect(within(nickname).getByText('小美')).toBeTruthy();
    expect(within(nickname).getByText('Amy Chen')).toBeTruthy();
    expect(screen.getByTestId('audit-diff-row-username').getAttribute('data-changed')).toBe('false');
    expect(screen.getByTestId('audit-diff-summary').textContent).toBe('1 個欄位已變更');
  });

  it('offers cleanup to level 0 only, asks first, and tells how many were removed', async () => {
    const { calls } = signedIn(0, [
      { method: 'POST', url: '/api/v1/audit/cleanup', body: ok({ removed: 12, before: '2026-01-01T00:00:00.000Z' }) },
    ]);
    renderApp('/audit');
    fireEvent.click(await screen.findByTestId('audit-cleanup'));
    expect(await screen.findByText('將刪除 90 天前的稽核紀錄，刪除後無法復原。')).toBeTruthy();
    fireEvent.click(screen.getByTestId('audit-cleanup-confirm'));
    expect(await screen.findByText('已刪除 12 筆 90 天前的紀錄')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/api/v1/audit/cleanup')).toHaveLength(1);
  });

  it('level 1 may export but not clean up', async () => {
    signedIn(1);
    renderApp('/audit');
    expect(await screen.findByTestId('audit-export-csv')).toBeTruthy();
    expect(screen.queryByTestId('audit-cleanup')).toBeNull();
  });

  it('downloads the export with the bearer token and the current filters', async () => {
    const { calls } = signedIn(0, [{ url: /^\/api\/v1\/audit\/export\?/, body: 'id,time\r\n' }]);
    URL.createObjectURL = vi.fn(() => 'blob:audit');
    URL.revokeObjectURL = vi.fn();
    renderApp('/audit?result=failed');
    fireEvent.click(await screen.findByTestId('audit-export-xlsx'));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const call = calls.find((c) => c.url.startsWith('/api/v1/audit/export?'));
    expect(call?.url).toMatch(/^\/api\/v1\/audit\/export\?format=xlsx&lang=zh-TW&tz=[^&]+&result=failed$/);
    expect(call?.headers.Authorization).toMatch(/^Bearer /);
  });

  it('shows a failed cleanup as "{action} failed: {error}"', async () => {
    signedIn(0, [{ method: 'POST', url: '/api/v1/audit/cleanup', status: 403, body: fail('forbidden', 'no') }]);
    renderApp('/audit');
    fireEvent.click(await screen.findByTestId('audit-cleanup'));
    fireEvent.click(await screen.findByTestId('audit-cleanup-confirm'));
    expect(await screen.findByText(/^清理失敗：/)).toBeTruthy();
  });
});
