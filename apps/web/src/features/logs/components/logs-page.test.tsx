import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenStore } from '../../../lib/session.ts';
import { fail, mockFetch, ok } from '../../../testing/fetch-mock.ts';
import { adminUser, brokerAccountRoute, clientConfigAnswer, renderApp } from '../../../testing/render-app.tsx';
import { tokenFor } from '../../../testing/tokens.ts';

const record = {
  id: 41,
  time: '2025-03-10T01:00:00.000Z',
  source: 'robot',
  type: 'alarm_raised',
  trackId: 1,
  trackName: 'Hall A',
  robotSn: 'R-001',
  robotName: 'Amy',
  message: 'left motor communication error\nsecond line',
  level: 'error',
};
const page = { items: [record], total: 1, page: 1, pageSize: 20, totalCapped: false, truncated: false, partialSearch: false };

function signedIn(permission: number, extra: Parameters<typeof mockFetch>[0] = []) {
  tokenStore.set(tokenFor(permission));
  return mockFetch([
    ...extra,
    { url: '/api/v1/me', body: ok({ ...adminUser, permission }) },
    { url: '/api/v1/system/client-config', body: ok(clientConfigAnswer) },
    brokerAccountRoute(tokenStore.get()),
    { url: /^\/api\/v1\/logs\?/, body: ok(page) },
    { url: '/api/v1/logs/types', body: ok(['alarm_raised', 'status']) },
    { url: /^\/api\/v1\/tracks\?/, body: ok({ items: [{ id: 1, name: 'Hall A' }], total: 1, page: 1, pageSize: 'all' }) },
    { url: /^\/api\/v1\/robots\?/, body: ok({ items: [{ sn: 'R-001', name: 'Amy' }], total: 1, page: 1, pageSize: 'all' }) },
    { method: 'DELETE', url: '/api/v1/logs', body: ok({ deleted: 1 }) },
  ]);
}

// A busy machine (several test runs at once) can take longer than the default wait for the first render.
const SLOW = { timeout: 20_000 };

// The page is lazy: transform it once up front, not inside the first test's wait.
beforeAll(async () => {
  await import('./logs-page.tsx');
}, 60_000);

describe('logs page', () => {
  it('lists records with translated level, source and type, and passes the URL filters and zone on', async () => {
    const { calls } = signedIn(2);
    renderApp('/logs?level=error&q=motor&timeFrom=22:00&timeTo=06:00');
    const row = await screen.findByTestId('logs-row-41', {}, SLOW);
    expect(within(row).getByText('錯誤')).toBeTruthy();
    expect(within(row).getByText('警報發生')).toBeTruthy();
    expect(within(row).getByText('Amy (R-001)')).toBeTruthy();
    // The source is in the column picker (the tabs above choose it); shown on request, and remembered.
    expect(within(row).queryByText('機器人日誌')).toBeNull();
    fireEvent.click(screen.getAllByTestId('column-picker-button-logs')[0]);
    fireEvent.click(within(await screen.findByTestId('column-picker-logs')).getByText('資料來源'));
    expect(within(await screen.findByTestId('logs-row-41')).getByText('機器人日誌')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('railserve.columns.logs') ?? '{}')).toEqual({ source: true });
    const url = calls.find((c) => c.url.startsWith('/api/v1/logs?'))?.url ?? '';
    expect(url).toMatch(/^\/api\/v1\/logs\?page=1&pageSize=20&q=motor&level=error&timeFrom=22%3A00&timeTo=06%3A00&tz=/);
    expect(screen.getByTestId('logs-total').textContent).toBe('共 1 筆');
    // Level 2 views and exports but does not delete.
    expect(screen.getByTestId('logs-export-csv')).toBeTruthy();
    expect(screen.queryByTestId('logs-delete-matching')).toBeNull();
  });

  it('says when free text searched only the newest records, and shows the total as "at least"', async () => {
    signedIn(2, [{ url: /^\/api\/v1\/logs\?/, body: ok({ ...page, total: 72, totalCapped: true, partialSearch: true }) }]);
    renderApp('/logs?q=table%20point%20117');
    await screen.findByTestId('logs-row-41', {}, SLOW);
    expect(screen.getByTestId('logs-total').textContent).toBe('共 72+ 筆');
    expect(screen.getByText('此關鍵字只搜尋了最新的紀錄，較舊的紀錄也可能符合。請選擇日期範圍以搜尋全部。')).toBeTruthy();
  });

  it('opens a record with every field', async () => {
    signedIn(1);
    renderApp('/logs');
    fireEvent.click(await screen.findByTestId('logs-row-41', {}, SLOW));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('日誌紀錄 #41')).toBeTruthy();
    expect(within(dialog).getByText('Hall A')).toBeTruthy();
    expect(within(dialog).getByTestId('logs-detail-message').textContent).toContain('second line');
  });

  it('deletes everything the filter matches after confirmation, sending the filter and zone', async () => {
    const { calls } = signedIn(0);
    renderApp('/logs?source=robot');
    await screen.findByTestId('logs-row-41', {}, SLOW);
    fireEvent.click(screen.getByTestId('logs-delete-matching'));
    fireEvent.click(await screen.findByTestId('logs-delete-confirm'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    const body = calls.find((c) => c.method === 'DELETE')?.body as { filter: Record<string, string> };
    expect(body.filter).toMatchObject({ source: 'robot' });
    expect(typeof body.filter.tz).toBe('string');
    expect(await screen.findByText('已刪除 1 筆紀錄')).toBeTruthy();
  });

  it('disables "delete selected (0)" and reads a load failure as "{action} failed: {error}"', async () => {
    signedIn(1, [{ url: /^\/api\/v1\/logs\?/, status: 400, body: fail('validation_failed', 'Invalid input') }]);
    renderApp('/logs');
    expect(await screen.findByText(/^載入紀錄失敗：/, {}, SLOW)).toBeTruthy();
    const deleteSelected = screen.getByTestId('logs-delete-selected') as HTMLButtonElement;
    expect(deleteSelected.textContent).toContain('0');
    expect(deleteSelected.disabled).toBe(true);
  });
});
