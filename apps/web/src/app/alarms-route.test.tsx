import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../lib/session.ts';
import { mockFetch, ok } from '../testing/fetch-mock.ts';
import { alarmFixture } from '../testing/fixtures.ts';
import { adminUser, brokerAccountRoute, clientConfigAnswer, renderApp } from '../testing/render-app.tsx';
import { tokenFor } from '../testing/tokens.ts';

const figures = (count: number, downtimeSeconds: number) => ({
  count,
  acknowledged: 1,
  meanAckSeconds: 90,
  cleared: 1,
  meanClearSeconds: 7200,
  downtimeSeconds,
});
const report = {
  from: '2026-11-21T00:00:00.000Z',
  to: '2026-11-28T00:00:00.000Z',
  downtimeCodes: ['left_motor_comm'],
  total: figures(3, 1800),
  byRobot: [{ robotSn: 'R-001', robotName: 'Amy', ...figures(3, 1800) }],
  byTrack: [
    { trackId: 1, trackName: 'Hall A', ...figures(2, 1800) },
    { trackId: null, trackName: null, ...figures(1, 0) },
  ],
  byCode: [
    { code: 'left_motor_comm', ...figures(2, 1800) },
    { code: 'lidar_dirty', ...figures(1, 0) },
  ],
};
const alarm = alarmFixture(7, {
  robotSn: 'R-001',
  raisedAt: '2026-11-27T01:00:00.000Z',
  lastRaisedAt: '2026-11-27T01:00:00.000Z',
});
const robot = {
  sn: 'R-001',
  name: 'Amy',
  connection: 'online',
  battery: 64,
  state: 'alarm',
  health: 'critical',
  alarms: ['left_motor_comm'],
  trackId: 1,
  point: 3,
  lastUpdate: '2026-11-27T01:00:05.000Z',
  registeredAt: '2026-11-01T00:00:00.000Z',
};
const log = {
  id: 41,
  time: '2026-11-27T00:58:00.000Z',
  source: 'robot',
  type: 'alarm',
  level: 'error',
  trackId: 1,
  trackName: 'Hall A',
  robotSn: 'R-001',
  robotName: 'Amy',
  message: 'alarm raised: left_motor_comm',
};

function signedIn(permission: number) {
  tokenStore.set(tokenFor(permission));
  return mockFetch([
    { url: '/api/v1/me', body: ok({ ...adminUser, permission }) },
    { url: '/api/v1/system/client-config', body: ok(clientConfigAnswer) },
    brokerAccountRoute(tokenStore.get()),
    { url: /^\/api\/v1\/alarms\/report\?/, body: ok(report) },
    { url: /^\/api\/v1\/alarms\/report\/export\?/, body: 'a,b\r\n' },
    { url: /^\/api\/v1\/alarms\?/, body: ok({ items: [alarm], total: 1, totalCapped: false, page: 1, pageSize: 20 }) },
    { url: '/api/v1/alarms/summary', body: ok({ critical: 1, major: 0, minor: 0, warning: 0 }) },
    { url: '/api/v1/alarms/assignees', body: ok([]) },
    { url: '/api/v1/alarms/7', body: ok({ ...alarm, timeline: [] }) },
    { url: /^\/api\/v1\/tracks\?/, body: ok({ items: [{ id: 1, name: 'Hall A' }], total: 1, page: 1, pageSize: 'all' }) },
    {
      url: '/api/v1/tracks/1/map',
      body: ok({ points: [{ number: 3, type: 'path', x: 10, y: 10 }], paths: [], tables: { pages: [] } }),
    },
    { url: /^\/api\/v1\/robots(\?|$)/, body: ok({ items: [robot], total: 1, page: 1, pageSize: 'all' }) },
    {
      url: /^\/api\/v1\/logs\?/,
      body: ok({ items: [log], total: 1, page: 1, pageSize: 200, totalCapped: false, truncated: false, partialSearch: false }),
    },
  ]);
}

const SLOW = { timeout: 20_000 };

beforeAll(async () => {
  await import('./alarms-route.tsx');
}, 60_000);

describe('alarm center route', () => {
  it('shows the report in zh-TW per robot, track and code, and exports the grouping shown in the reader’s language', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    const { calls } = signedIn(3);
    renderApp('/alarms?view=report');
    const byRobot = await screen.findByTestId('alarm-report-robot', {}, SLOW);
    expect(await within(byRobot).findByText('Amy (R-001)', {}, SLOW)).toBeTruthy();
    expect(within(byRobot).getByText('1.5 分鐘')).toBeTruthy();
    expect(within(byRobot).getByText('2 小時')).toBeTruthy();
    expect(within(screen.getByTestId('alarm-report-total')).getByText('30 分鐘')).toBeTruthy();
    const asked = calls.find((c) => c.url.startsWith('/api/v1/alarms/report?'))!;
    const query = new URL(asked.url, 'http://x').searchParams;
    expect(Date.parse(query.get('to')!) - Date.parse(query.get('from')!)).toBe(7 * 86_400_000);

    fireEvent.click(screen.getByRole('tab', { name: '依警報種類' }));
    const byCode = await screen.findByTestId('alarm-report-code');
    expect(within(byCode).getByText('左馬達通訊異常')).toBeTruthy();
    expect(within(byCode).getByText('未知警報（lidar_dirty）')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '依軌道' }));
    expect(within(await screen.findByTestId('alarm-report-track')).getByText('未綁定軌道')).toBeTruthy();

    fireEvent.click(screen.getByTestId('alarm-report-xlsx'));
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/v1/alarms/report/export?'))).toBe(true));
    const exported = new URL(calls.find((c) => c.url.startsWith('/api/v1/alarms/report/export?'))!.url, 'http://x').searchParams;
    expect(Object.fromEntries(exported)).toMatchObject({
      groupBy: 'track',
      format: 'xlsx',
      lang: 'zh-TW',
      from: query.get('from'),
    });
  });

  it('shows in the drawer the robot now, its map and, for staff, its logs 5 minutes either side', async () => {
    const { calls } = signedIn(2);
    renderApp('/alarms?open=7');
    const drawer = await screen.findByTestId('alarm-drawer', {}, SLOW);
    const now = await within(drawer).findByTestId('alarm-robot-now', {}, SLOW);
    expect(within(now).getByText('64%')).toBeTruthy();
    expect(await within(drawer).findByTestId('map-preview', {}, SLOW)).toBeTruthy();
    fireEvent.click(within(drawer).getByText('警報前後 5 分鐘的機器人日誌'));
    const logs = await within(drawer).findByTestId('log-window', {}, SLOW);
    expect(await within(logs).findByText(/left_motor_comm|左馬達通訊異常/, {}, SLOW)).toBeTruthy();
    const asked = new URL(calls.find((c) => c.url.startsWith('/api/v1/logs?'))!.url, 'http://x').searchParams;
    expect([asked.get('robotSn'), asked.get('from'), asked.get('to')]).toEqual([
      'R-001',
      '2026-11-27T00:55:00.000Z',
      '2026-11-27T01:05:00.000Z',
    ]);
  });

  it('gives level 3 no logs in the drawer', async () => {
    signedIn(3);
    renderApp('/alarms?open=7');
    const drawer = await screen.findByTestId('alarm-drawer', {}, SLOW);
    await within(drawer).findByTestId('alarm-robot-now', {}, SLOW);
    expect(within(drawer).queryByText('警報前後 5 分鐘的機器人日誌')).toBeNull();
  });
});
