import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenStore } from '../../../lib/session.ts';
import { mockFetch, ok } from '../../../testing/fetch-mock.ts';
import { adminUser, brokerAccountRoute, clientConfigAnswer, renderApp } from '../../../testing/render-app.tsx';
import { tokenFor } from '../../../testing/tokens.ts';

const settings = { severityOverrides: {}, downtimeCodes: ['imu_stuck'], escalateAfterS: 300, renotifyAfterS: 1800 };
const hook = {
  id: 4,
  url: 'https://chat.example.com/hook',
  severities: ['critical'],
  events: ['raised', 'escalated'],
  createdAt: '2026-11-27T01:00:00.000Z',
  createdBy: 'admin',
};
const attempt = {
  id: 9,
  deliveryId: 3,
  event: 'escalated',
  alarmId: 12,
  attempt: 2,
  at: '2026-11-27T01:05:00.000Z',
  ok: false,
  statusCode: 500,
  error: 'http_status',
  durationMs: 31,
  willRetry: true,
};

function signedIn(permission: number) {
  tokenStore.set(tokenFor(permission));
  return mockFetch([
    { url: '/api/v1/me', body: ok({ ...adminUser, permission }) },
    { url: '/api/v1/system/client-config', body: ok(clientConfigAnswer) },
    brokerAccountRoute(tokenStore.get()),
    { url: '/api/v1/alarms/summary', body: ok({ critical: 0, major: 0, minor: 0, warning: 0 }) },
    { url: '/api/v1/alarm-settings', body: ok(settings) },
    { method: 'PUT', url: '/api/v1/alarm-settings', body: ok({ ...settings, escalateAfterS: 600 }) },
    { url: '/api/v1/alarm-webhooks', body: ok([hook]) },
    { url: '/api/v1/alarm-webhooks/4/deliveries', body: ok([attempt]) },
  ]);
}

const SLOW = { timeout: 20_000 };

beforeAll(async () => {
  await import('./alarm-settings-page.tsx');
}, 60_000);

describe('alarm settings page', () => {
  it('edits the escalation time in zh-TW and saves the whole settings', async () => {
    const { calls } = signedIn(1);
    renderApp('/alarm-settings');
    expect(await screen.findByText('左馬達通訊異常', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByText('升級'));
    const input = await screen.findByLabelText('未確認的嚴重警報升級時間');
    fireEvent.change(input, { target: { value: '10' } });
    fireEvent.click(screen.getAllByRole('button', { name: /儲\s*存/ }).find((b) => !(b as HTMLButtonElement).disabled)!);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...settings, escalateAfterS: 600 });
  });

  it('lists the webhooks and shows a delivery log', async () => {
    signedIn(0);
    renderApp('/alarm-settings');
    fireEvent.click(await screen.findByText('網路回呼', {}, SLOW));
    expect(await screen.findByText('https://chat.example.com/hook', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByTestId('webhook-log-4'));
    const row = await screen.findByText('回應代碼 500', {}, SLOW);
    expect(within(row.closest('tr')!).getByText('已升級')).toBeTruthy();
  });

  it('sends level 2 back to the dashboard', async () => {
    const { calls } = signedIn(2);
    renderApp('/alarm-settings');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/me')).toBe(true), SLOW);
    await waitFor(() => expect(screen.queryByText('嚴重度與停機')).toBeNull());
    expect(calls.some((c) => c.url.startsWith('/api/v1/alarm-settings'))).toBe(false);
  });
});
