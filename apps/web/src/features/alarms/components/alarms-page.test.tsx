import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenStore } from '../../../lib/session.ts';
import { mockFetch, ok } from '../../../testing/fetch-mock.ts';
import { alarmFixture } from '../../../testing/fixtures.ts';
import { adminUser, brokerAccountRoute, clientConfigAnswer, renderApp } from '../../../testing/render-app.tsx';
import { tokenFor } from '../../../testing/tokens.ts';

const alarm = alarmFixture(7, {
  robotSn: 'R-001',
  raisedAt: '2026-11-27T01:00:00.000Z',
  lastRaisedAt: '2026-11-27T01:00:00.000Z',
});
const unknown = { ...alarm, id: 8, code: 'lidar_dirty', severity: 'major' };
const detail = {
  ...alarm,
  timeline: [
    { id: 1, time: alarm.raisedAt, kind: 'raised', username: null, text: null, count: null, assigneeId: null, clearedBy: null },
  ],
};

function signedIn(permission: number) {
  tokenStore.set(tokenFor(permission));
  return mockFetch([
    { url: '/api/v1/me', body: ok({ ...adminUser, permission }) },
    { url: '/api/v1/system/client-config', body: ok(clientConfigAnswer) },
    brokerAccountRoute(tokenStore.get()),
    { url: /^\/api\/v1\/alarms\?/, body: ok({ items: [alarm, unknown], total: 2, totalCapped: false, page: 1, pageSize: 20 }) },
    { url: '/api/v1/alarms/summary', body: ok({ critical: 1, major: 1, minor: 0, warning: 0 }) },
    { url: '/api/v1/alarms/assignees', body: ok([{ id: 3, username: 'amy', nickname: 'Amy' }]) },
    { url: '/api/v1/alarms/7', body: ok(detail) },
    { url: /^\/api\/v1\/tracks\?/, body: ok({ items: [{ id: 1, name: 'Hall A' }], total: 1, page: 1, pageSize: 'all' }) },
    { url: /^\/api\/v1\/robots\?/, body: ok({ items: [{ sn: 'R-001', name: 'Amy' }], total: 1, page: 1, pageSize: 'all' }) },
  ]);
}

const SLOW = { timeout: 20_000 };

beforeAll(async () => {
  await import('./alarms-page.tsx');
}, 60_000);

describe('alarms page', () => {
  it('lists alarms in zh-TW with the header’s count, passes the URL filters on, and opens the drawer', async () => {
    const { calls } = signedIn(2);
    renderApp('/alarms?state=active&severity=critical');
    const table = await screen.findByTestId('alarms-table', {}, SLOW);
    expect(await within(table).findByText('左馬達通訊異常', {}, SLOW)).toBeTruthy();
    expect(within(table).getByText('未知警報（lidar_dirty）')).toBeTruthy();
    expect(within(table).getAllByText('Hall A')).toHaveLength(2);
    expect(await screen.findByTestId('alarm-count-critical')).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/v1/alarms?page=1&pageSize=20&state=active&severity=critical'))).toBe(true);
    // Level 2 may select for the bulk actions, and acknowledge in the drawer.
    expect(within(table).getAllByRole('checkbox').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('alarm-open-7'));
    const drawer = await screen.findByTestId('alarm-drawer');
    await waitFor(() => expect(within(drawer).getByTestId('alarm-timeline').textContent).toContain('警報發生'));
    expect(within(drawer).getByTestId('alarm-acknowledge')).toBeTruthy();
  });

  it('shows level 3 the alarms without the actions', async () => {
    signedIn(3);
    renderApp('/alarms?open=7');
    const drawer = await screen.findByTestId('alarm-drawer', {}, SLOW);
    await waitFor(() => expect(within(drawer).getByTestId('alarm-timeline')).toBeTruthy(), SLOW);
    expect(within(drawer).queryByTestId('alarm-acknowledge')).toBeNull();
    expect(within(screen.getByTestId('alarms-table')).queryAllByRole('checkbox')).toHaveLength(0);
  });
});
