import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tokenStore } from '../../../lib/session.ts';
import { mockFetch, ok } from '../../../testing/fetch-mock.ts';
import { FIXTURE_TIME, robotFixture } from '../../../testing/fixtures.ts';
import { adminUser, brokerAccountRoute, clientConfigAnswer, renderApp } from '../../../testing/render-app.tsx';
import { tokenFor } from '../../../testing/tokens.ts';

const ts = FIXTURE_TIME;
const robot = robotFixture;

function signedIn(permission: number) {
  tokenStore.set(tokenFor(permission));
  const robots = [
    robot('R-1', { name: 'Counter 1' }),
    robot('R-2', { alarms: ['imu_stuck'], health: 'critical', state: 'alarm' }),
  ];
  return mockFetch([
    { url: '/api/v1/me', body: ok({ ...adminUser, permission }) },
    { url: '/api/v1/system/client-config', body: ok(clientConfigAnswer) },
    brokerAccountRoute(tokenStore.get()),
    { url: '/api/v1/robots?pageSize=all&sort=sn', body: ok({ items: robots, total: 2, page: 1, pageSize: 'all' }) },
  ]);
}

describe('robots page', () => {
  it('lists robots with translated state, health and alarm names', async () => {
    signedIn(0);
    renderApp('/robots');
    expect(await screen.findByText('Counter 1')).toBeTruthy();
    expect(screen.getByText('IMU 卡住')).toBeTruthy();
    expect(screen.getByText('嚴重')).toBeTruthy();
    expect(screen.getByTestId('robots-count').textContent).toBe('共 2 台，顯示 2 台');
  });

  it('filters by the search text at once, from the URL', async () => {
    signedIn(0);
    renderApp('/robots?q=counter');
    expect(await screen.findByText('Counter 1')).toBeTruthy();
    expect(screen.queryByText('R-2')).toBeNull();
  });

  it('disables removal and reload map until the broker is connected, and follows live statuses', async () => {
    signedIn(0);
    const { fake } = renderApp('/robots');
    await screen.findByText('Counter 1');
    const removeButtons = () => screen.getAllByTestId('robot-remove') as HTMLButtonElement[];
    expect(removeButtons().every((b) => b.disabled)).toBe(true);
    act(() => {
      fake.last().emit('connect');
    });
    await waitFor(() => expect(removeButtons().every((b) => !b.disabled)).toBe(true));
    act(() => {
      fake.last().emit('message', 'hcpro4/robots/R-1/status', JSON.stringify({ sn: 'R-1', battery: 5, state: 'goto', ts }));
    });
    expect(await screen.findByText('前往目標', {}, { timeout: 2000 })).toBeTruthy();
    expect(screen.getAllByText('嚴重')).toHaveLength(2);
  });

  it('level 3 may open settings but not rename, reload or remove', async () => {
    signedIn(3);
    renderApp('/robots');
    await screen.findByText('Counter 1');
    expect(screen.getAllByTestId('robot-settings')).toHaveLength(2);
    expect(screen.queryByTestId('robot-rename')).toBeNull();
    expect(screen.queryByTestId('robot-reload-map')).toBeNull();
    expect(screen.queryByTestId('robot-remove')).toBeNull();
    fireEvent.click(screen.getAllByTestId('robot-settings')[0]);
    expect(await screen.findByText('您的權限可檢視機器人，但無法傳送指令。')).toBeTruthy();
  });

  it('sorts by a column picked in its header, and moves a robot whose live status changes its place', async () => {
    signedIn(0);
    const { fake } = renderApp('/robots');
    await screen.findByText('Counter 1');
    const order = () => screen.getAllByTestId(/^robot-row-/).map((row) => row.getAttribute('data-testid'));
    expect(order()).toEqual(['robot-row-R-1', 'robot-row-R-2']);
    // Battery ascending, then descending: both robots are at 80 %, so SN decides, then R-1 drops to 5 %.
    const header = screen.getAllByText('電量').find((el) => el.closest('th'));
    fireEvent.click(header as HTMLElement);
    fireEvent.click(header as HTMLElement);
    expect(order()).toEqual(['robot-row-R-1', 'robot-row-R-2']);
    act(() => {
      fake.last().emit('connect');
      fake.last().emit('message', 'hcpro4/robots/R-1/status', JSON.stringify({ sn: 'R-1', battery: 5, state: 'idle', ts }));
    });
    await waitFor(() => expect(order()).toEqual(['robot-row-R-2', 'robot-row-R-1']));
    expect(screen.getByTestId('robot-row-R-1').textContent).toContain('5%');
  });
});
