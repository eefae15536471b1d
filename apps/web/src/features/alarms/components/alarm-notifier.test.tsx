import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../../lib/session.ts';
import { mockFetch, ok } from '../../../testing/fetch-mock.ts';
import { alarmFixture } from '../../../testing/fixtures.ts';
import { adminUser, brokerAccountRoute, clientConfigAnswer, renderApp } from '../../../testing/render-app.tsx';
import { tokenFor } from '../../../testing/tokens.ts';
import { NOTIFY_GATHER_MS } from '../model/critical-notifier.ts';

const window_ = {
  id: 4,
  robotSn: 'R-009',
  trackId: null,
  until: '2026-11-28T08:00:00.000Z',
  reason: '更換輸送帶',
  createdBy: 'amy',
  createdAt: '2026-11-28T02:00:00.000Z',
  endedAt: null,
  endedBy: null,
};

function signedIn(permission: number) {
  tokenStore.set(tokenFor(permission));
  return mockFetch([
    { url: '/api/v1/me', body: ok({ ...adminUser, permission }) },
    { url: '/api/v1/system/client-config', body: ok(clientConfigAnswer) },
    brokerAccountRoute(tokenStore.get()),
    { url: '/api/v1/alarms/summary', body: ok({ critical: 0, major: 0, minor: 0, warning: 0 }) },
    { url: '/api/v1/alarm-maintenance', body: ok([window_]) },
    { url: /^\/api\/v1\/tracks\?/, body: ok({ items: [{ id: 1, name: 'Hall A' }], total: 1, page: 1, pageSize: 'all' }) },
  ]);
}

const critical = (id: number, trackId: number | null, ts: string) =>
  alarmFixture(id, { trackId, raisedAt: ts, lastRaisedAt: ts });

const SLOW = { timeout: 20_000 };

beforeAll(async () => {
  await import('./alarm-center-page.tsx');
}, 60_000);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('critical alarm notifications in the console', () => {
  it('turns a storm over several feed messages into one notification, one tone and one browser notification, updated as more joins', async () => {
    signedIn(2);
    const tones: number[] = [];
    vi.stubGlobal(
      'AudioContext',
      class {
        state = 'running';
        currentTime = 0;
        destination = {};
        createOscillator() {
          tones.push(1);
          return { frequency: {}, connect: (x: unknown) => x, start() {}, stop() {} };
        }
        createGain() {
          return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (x: unknown) => x };
        }
      },
    );
    const shown: string[] = [];
    vi.stubGlobal(
      'Notification',
      Object.assign(
        class {
          onclick: (() => void) | null = null;
          constructor(title: string) {
            shown.push(title);
          }
        },
        { permission: 'granted' },
      ),
    );
    const { fake } = renderApp('/alarms?view=maintenance');
    // The maintenance tab lists the open windows, in zh-TW.
    expect(await screen.findByText('更換輸送帶', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('機器人 R-009')).toBeTruthy();
    act(() => {
      fake.last().emit('connect');
    });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const ts = new Date().toISOString();
    const send = (alarms: object[]) =>
      act(() => {
        fake.last().emit('message', 'hcpro4/console/alarms', JSON.stringify({ ts, alarms }));
      });
    send([critical(1, 1, ts), critical(2, 2, ts)]);
    act(() => vi.advanceTimersByTime(NOTIFY_GATHER_MS / 2));
    send(Array.from({ length: 10 }, (_, i) => critical(10 + i, 3, ts)));
    // Neither in maintenance, flapping nor suppressed alarms count.
    send([
      { ...critical(30, 3, ts), maintenance: true },
      { ...critical(31, 3, ts), flapping: true },
    ]);
    expect(shown).toEqual([]);
    act(() => vi.advanceTimersByTime(NOTIFY_GATHER_MS / 2));
    vi.useRealTimers();

    expect(await screen.findByText('12 則新的嚴重警報', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('位於 3 條軌道')).toBeTruthy();
    expect(shown).toEqual(['12 則新的嚴重警報']);
    // One tone: two short beeps.
    expect(tones).toHaveLength(2);

    // More of the storm a few seconds later joins it: the count on screen grows, nothing sounds again.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    send([critical(40, 4, ts)]);
    act(() => vi.advanceTimersByTime(NOTIFY_GATHER_MS));
    vi.useRealTimers();
    expect(await screen.findByText('13 則新的嚴重警報', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('位於 4 條軌道')).toBeTruthy();
    expect(shown).toEqual(['12 則新的嚴重警報']);
    expect(tones).toHaveLength(2);
  });

  it('keeps the user’s choice to turn the sound off', async () => {
    signedIn(3);
    localStorage.removeItem('railserve.alarmSound');
    renderApp('/alarms?view=maintenance');
    fireEvent.click(await screen.findByTestId('alarm-notifier', {}, SLOW));
    const sound = await screen.findByTestId('alarm-sound-switch');
    expect(sound.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(sound);
    await waitFor(() => expect(sound.getAttribute('aria-checked')).toBe('false'));
    expect(localStorage.getItem('railserve.alarmSound')).toBe('off');
    // Level 3 sees the windows but may not end them or start one.
    expect(screen.queryByTestId('maintenance-new')).toBeNull();
    expect(screen.queryByTestId('maintenance-end-4')).toBeNull();
  });
});
