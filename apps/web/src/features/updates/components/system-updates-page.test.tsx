import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tokenStore } from '../../../lib/session.ts';
import { fail, type MockRoute, mockFetch, ok } from '../../../testing/fetch-mock.ts';
import { adminUser, brokerAccountRoute, clientConfigAnswer, renderApp } from '../../../testing/render-app.tsx';
import { tokenFor } from '../../../testing/tokens.ts';
import { failedRecordFixture, stoppedRolloutFixture, systemVersionsAnswer, updateFileFixture } from '../../../testing/updates.ts';

/** The page loads lazily; on a loaded machine the first render takes a while. */
const SLOW = { timeout: 60_000 };
const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 10 });

function signedIn(permission: number, first: MockRoute[] = []) {
  tokenStore.set(tokenFor(permission));
  return mockFetch([
    ...first,
    { url: '/api/v1/me', body: ok({ ...adminUser, permission }) },
    { url: '/api/v1/system/client-config', body: ok(clientConfigAnswer) },
    brokerAccountRoute(tokenStore.get()),
    { url: '/api/v1/system/versions', body: ok(systemVersionsAnswer) },
    { url: /^\/api\/v1\/updates\/files/, body: ok(page([updateFileFixture])) },
    { url: '/api/v1/updates/storage', body: ok({ usedBytes: 12.3 * 1024 * 1024, quotaBytes: 200 * 1024 * 1024 }) },
    { url: '/api/v1/updates/rollouts', body: ok([stoppedRolloutFixture]) },
    { url: /^\/api\/v1\/updates\?/, body: ok(page([failedRecordFixture])) },
    { url: /^\/api\/v1\/robots\?/, body: ok(page([])) },
    { url: /^\/api\/v1\/tracks\?/, body: ok(page([])) },
    { url: /^\/api\/v1\/sessions\?/, body: ok(page([])) },
  ]);
}

describe('system updates page', () => {
  it('shows versions, "not reported", and a failed record with its reason in the reader’s language', async () => {
    signedIn(0);
    renderApp('/system-updates');
    const versions = await screen.findByTestId('versions-card', {}, SLOW);
    expect(await within(versions).findByText(/2\.4\.0/)).toBeTruthy();
    expect(within(versions).getByText('尚未回報')).toBeTruthy();
    const records = await screen.findByTestId('update-records');
    expect(await within(records).findByText('K7QP2MXA')).toBeTruthy();
    expect(within(records).getByText('失敗')).toBeTruthy();
    expect(within(records).getByText('校驗碼不符：下載的檔案已損毀')).toBeTruthy();
    expect(await screen.findByText('已停止於 SIM-0001：校驗碼不符：下載的檔案已損毀')).toBeTruthy();
    expect(screen.getByTestId('upload-update')).toBeTruthy();
    expect(await within(screen.getByTestId('upload-storage')).findByText('已使用 12.3 MB / 200 MB')).toBeTruthy();
  }, 60_000);

  it('refuses a badly named file before uploading, with the spec messages', async () => {
    const { calls } = signedIn(1);
    const { container } = renderApp('/system-updates');
    await screen.findByTestId('upload-update', {}, SLOW);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'console-1.100.0.zip')] } });
    expect(await screen.findByText('版本號碼錯誤')).toBeTruthy();
    const again = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(again, { target: { files: [new File(['x'], 'console.zip')] } });
    expect(await screen.findByText('檔名格式錯誤')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url.startsWith('/api/v1/updates'))).toBe(false);
  }, 60_000);

  it('lets level 2 download with a code but change nothing; no code reads "no verification code"', async () => {
    signedIn(2);
    renderApp('/system-updates');
    const records = await screen.findByTestId('update-records', {}, SLOW);
    await within(records).findByText('K7QP2MXA');
    expect(screen.queryByTestId('upload-update')).toBeNull();
    expect(screen.queryByTestId('create-record')).toBeNull();
    expect(screen.queryByTestId('force-reload')).toBeNull();
    expect(within(records).queryByText('編輯')).toBeNull();
    fireEvent.click(within(records).getByTestId('record-download'));
    fireEvent.keyDown(await screen.findByTestId('download-code'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('下載失敗：沒有驗證碼')).toBeTruthy();
  }, 60_000);

  it('says how long to wait after too many wrong codes (429), in the reader’s language', async () => {
    const refused = fail('too_many_wrong_codes', 'Too many wrong verification codes: refused for 42 s', {
      retryAfterSeconds: 42,
    });
    signedIn(2, [{ url: /^\/api\/v1\/updates\/7\/download\?code=/, status: 429, body: refused }]);
    renderApp('/system-updates');
    const records = await screen.findByTestId('update-records', {}, SLOW);
    await within(records).findByText('K7QP2MXA');
    fireEvent.click(within(records).getByTestId('record-download'));
    const input = await screen.findByTestId('download-code');
    fireEvent.change(input, { target: { value: 'WRONG123' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('下載失敗：驗證碼錯誤次數過多，請於 42 秒後再試')).toBeTruthy();
  }, 60_000);
});
