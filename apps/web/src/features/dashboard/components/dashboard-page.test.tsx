import type { Track } from '@railserve/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tokenStore } from '../../../lib/session.ts';
import { mockFetch, ok } from '../../../testing/fetch-mock.ts';
import { FIXTURE_TIME, robotFixture } from '../../../testing/fixtures.ts';
import { adminUser, brokerAccountRoute, clientConfigAnswer, renderApp } from '../../../testing/render-app.tsx';
import { tokenFor } from '../../../testing/tokens.ts';

const ts = FIXTURE_TIME;
const robot = robotFixture;
const track = (id: number, name: string, patch: Partial<Track> = {}): Track => ({
  id,
  name,
  type: 'single_round_trip',
  config: {},
  statusCode: 3,
  errorCode: 0,
  mode: 'normal',
  registerMode: false,
  viewerMode: false,
  robots: [],
  statusAt: ts,
  tableNumberPlay: false,
  displayMode: 'grid',
  sessionId: null,
  hasMap: true,
  mapUpdatedAt: ts,
  createdAt: ts,
  updatedAt: ts,
  ...patch,
});

type Answer = { status?: number; body: unknown };

const figures = {
  deliveries: 42,
  aborted: 3,
  meanDeliveryMs: 60_000,
  meanDwellMs: 20_000,
  distance: 1200,
  utilisation: 0.5,
  availability: 0.9,
  chargeCycles: 1,
  chargingMs: 0,
  onlineMs: 3_600_000,
  unknownPoints: 0,
};
const todayAnswer = {
  summary: figures,
  previous: figures,
  series: [],
  byTrack: [{ trackId: 1, name: 'Hall', deliveries: 42, aborted: 3, utilisation: 0.625 }],
};

function signedIn(permission: number, robotsAnswer: Answer, tracksAnswer: Answer) {
  tokenStore.set(tokenFor(permission));
  return mockFetch([
    { url: '/api/v1/me', body: ok({ ...adminUser, permission }) },
    { url: '/api/v1/system/client-config', body: ok(clientConfigAnswer) },
    brokerAccountRoute(tokenStore.get()),
    { url: '/api/v1/robots?pageSize=all&sort=sn', ...robotsAnswer },
    { url: '/api/v1/tracks?page=1&pageSize=all', ...tracksAnswer },
    { url: /\/api\/v1\/analytics\/today\?tz=/, body: ok(todayAnswer) },
  ]);
}
const page = <T,>(items: T[]) => ({ body: ok({ items, total: items.length, page: 1, pageSize: 'all' }) });

describe('dashboard', () => {
  it('counts the fleet and lists the robots and tracks that need attention, worst first', async () => {
    signedIn(
      3,
      page([
        robot('R-1', { name: 'Counter 1' }),
        robot('R-2', { name: 'Counter 2', alarms: ['imu_stuck'], health: 'critical', state: 'alarm' }),
        robot('R-3', { connection: 'offline', health: 'warning', battery: 15 }),
      ]),
      page([track(1, 'Hall'), track(2, 'Terrace', { statusCode: 4, errorCode: 1, robots: ['R-2', 'R-3'] })]),
    );
    renderApp('/dashboard');
    const online = await screen.findByTestId('dashboard-stat-online');
    await waitFor(() => expect(online.textContent).toContain('2 / 3'));
    expect(screen.getByTestId('dashboard-stat-critical').textContent).toContain('1');
    expect(screen.getByTestId('dashboard-stat-lowBattery').textContent).toContain('1');
    expect(screen.getByTestId('dashboard-stat-tracksInError').textContent).toContain('1 / 2');

    const attention = screen.getByTestId('dashboard-attention');
    const rows = within(attention).getAllByTestId(/^dashboard-attention-R-/);
    expect(rows.map((row) => row.getAttribute('data-testid'))).toEqual(['dashboard-attention-R-2', 'dashboard-attention-R-3']);
    expect(within(rows[0]).getByText('IMU 卡住')).toBeTruthy();
    expect(within(attention).queryByText('Counter 1')).toBeNull();
    expect(within(attention).getByText('在機器人管理中檢視').closest('a')?.getAttribute('href')).toBe('/robots?health=critical');

    // The track in error comes first, with its translated error label.
    const tracks = within(screen.getByTestId('dashboard-tracks')).getAllByTestId(/^dashboard-track-/);
    expect(tracks[0].textContent).toContain('Terrace');
    expect(tracks[0].textContent).toContain('2 台機器人');
    expect(tracks[1].textContent).toContain('Hall');

    // Level 3 sees today's operations: the fleet's figures and each track's, in its language.
    const today = screen.getByTestId('dashboard-today');
    await waitFor(() => expect(within(today).getByTestId('dashboard-today-deliveries').textContent).toContain('42'));
    expect(within(today).getByText('今日營運')).toBeTruthy();
    const hall = within(screen.getByTestId('dashboard-today-tracks')).getByText('Hall').closest('tr');
    expect(hall?.textContent).toContain('42');
    expect(hall?.textContent).toContain('62.5%');
  });

  it('says so when every robot is healthy, and shows a failed load as "{action} failed: {error}"', async () => {
    signedIn(0, page([robot('R-1')]), { status: 500, body: { success: false, code: 'internal', message: 'boom' } });
    renderApp('/dashboard');
    expect(await screen.findByText('所有機器人皆正常。')).toBeTruthy();
    expect(await screen.findByText(/載入軌道資料失敗/)).toBeTruthy();
  });
});
