import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tokenStore } from '../lib/session.ts';
import { type MockRoute, mockFetch, ok } from '../testing/fetch-mock.ts';
import { alarmFixture, robotFixture } from '../testing/fixtures.ts';
import { adminUser, brokerAccountRoute, clientConfigAnswer, renderApp } from '../testing/render-app.tsx';
import { tokenFor } from '../testing/tokens.ts';

// A robot's and a track's active alarms outside the alarm center (composed in app/): the robot
// dialog's alarm notice and the track form's part, each alarm opening in the alarm center.
const alarm = alarmFixture(9, {
  robotSn: 'R-2',
  code: 'imu_stuck',
  raisedAt: '2026-11-27T01:00:00.000Z',
  lastRaisedAt: '2026-11-27T01:00:00.000Z',
});
const trackFixture = {
  id: 1,
  name: 'Hall A',
  type: 'single_circular',
  config: {},
  statusCode: 3,
  errorCode: 0,
  mode: 'normal',
  registerMode: false,
  viewerMode: false,
  robots: ['R-2'],
  statusAt: null,
  tableNumberPlay: false,
  displayMode: 'grid',
  sessionId: null,
  hasMap: false,
  mapUpdatedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

function signedIn(permission: number, more: MockRoute[] = []) {
  tokenStore.set(tokenFor(permission));
  const robots = [robotFixture('R-2', { alarms: ['imu_stuck'], health: 'critical', state: 'alarm' })];
  return mockFetch([
    { url: '/api/v1/me', body: ok({ ...adminUser, permission }) },
    { url: '/api/v1/system/client-config', body: ok(clientConfigAnswer) },
    brokerAccountRoute(tokenStore.get()),
    { url: '/api/v1/robots?pageSize=all&sort=sn', body: ok({ items: robots, total: 1, page: 1, pageSize: 'all' }) },
    { url: /^\/api\/v1\/alarms\?/, body: ok({ items: [alarm], total: 1, totalCapped: false, page: 1, pageSize: 10 }) },
    { url: '/api/v1/alarms/summary', body: ok({ critical: 1, major: 0, minor: 0, warning: 0 }) },
    ...more,
  ]);
}

const SLOW = { timeout: 20_000 };

describe('active alarms beside the alarm center', () => {
  it('lists the robot’s active alarms in its dialog, each a link to it in the alarm center', async () => {
    const { calls } = signedIn(3);
    renderApp('/robots');
    fireEvent.click((await screen.findAllByTestId('robot-settings', {}, SLOW))[0]);
    const notice = await screen.findByTestId('robot-alarms');
    const list = await within(notice).findByTestId('active-alarms');
    const link = await within(list).findByRole('link', { name: /IMU 卡住/ });
    expect(link.getAttribute('href')).toBe('/alarms?robotSn=R-2&state=active&open=9');
    expect(within(list).getByRole('link', { name: '此機器人的所有警報' }).getAttribute('href')).toBe('/alarms?robotSn=R-2');
    expect(calls.some((c) => c.url === '/api/v1/alarms?state=active&robotSn=R-2&page=1&pageSize=10')).toBe(true);
  });

  it('lists the track’s active alarms in the track form’s part of its own', async () => {
    signedIn(2, [{ url: '/api/v1/tracks/1', body: ok(trackFixture) }]);
    renderApp('/tracks/1/info');
    fireEvent.click(await screen.findByRole('tab', { name: '發生中的警報' }, SLOW));
    const list = await screen.findByTestId('active-alarms');
    const link = await within(list).findByRole('link', { name: /IMU 卡住 · R-2/ });
    expect(link.getAttribute('href')).toBe('/alarms?trackId=1&state=active&open=9');
    expect(within(list).getByRole('link', { name: '此軌道的所有警報' }).getAttribute('href')).toBe('/alarms?trackId=1');
  });
});
