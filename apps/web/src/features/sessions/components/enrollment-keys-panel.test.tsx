import type { EnrollmentKey } from '@railserve/protocol';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok } from '../../../testing/fetch-mock.ts';
import { FIXTURE_TIME } from '../../../testing/fixtures.ts';
import { renderApp, signedInRoutes } from '../../../testing/render-app.tsx';

const session = {
  id: 1,
  code: 'S1',
  name: 'Noodle bar',
  mac: '02:00:00:00:00:01',
  note: null,
  trackIds: [],
  tracks: [],
  createdAt: FIXTURE_TIME,
  updatedAt: FIXTURE_TIME,
};
const listed: EnrollmentKey = {
  id: 7,
  sessionId: 1,
  sessionName: 'Noodle bar',
  expiresAt: '2099-01-01T00:00:00.000Z',
  usesLeft: 4,
  serials: null,
  revokedAt: null,
  createdAt: FIXTURE_TIME,
  createdBy: 'admin',
};

function signedIn(permission: number, items = [listed]) {
  return mockFetch([
    ...signedInRoutes(permission),
    { url: '/api/v1/sessions/1', body: ok(session) },
    { url: '/api/v1/enrollment-keys?sessionId=1', body: ok({ items }) },
    {
      method: 'POST',
      url: '/api/v1/enrollment-keys',
      status: 201,
      body: ok({ id: 8, key: 'rsek_shown-once', expiresAt: '2099-01-01T00:00:00.000Z', usesLeft: 10 }),
    },
  ]);
}

describe('enrollment keys on the session screen', () => {
  it('lists the keys, makes one and shows it once as text and QR code', async () => {
    const { calls } = signedIn(0);
    renderApp('/sessions/1/info');
    expect(await screen.findByTestId('enrollment-keys')).toBeTruthy();
    expect(await screen.findByText('有效')).toBeTruthy();
    fireEvent.click(screen.getByTestId('enrollment-key-create'));
    const dialog = await screen.findByTestId('enrollment-key-dialog');
    fireEvent.click(dialog.querySelector('.ant-btn-primary') as HTMLElement);
    expect((await screen.findByTestId('enrollment-key-text')).textContent).toContain('rsek_shown-once');
    expect(screen.getByTestId('enrollment-key-qr')).toBeTruthy();
    const created = calls.find((c) => c.method === 'POST' && c.url.endsWith('/enrollment-keys'));
    expect(created?.body).toEqual({ sessionId: 1, uses: 10, expiresInMinutes: 1440 });
  });

  it('shows a used-up, expired or revoked key’s state and offers no revoke for it', async () => {
    signedIn(0, [
      listed,
      { ...listed, id: 9, usesLeft: 0 },
      { ...listed, id: 10, expiresAt: '2020-01-01T00:00:00.000Z' },
      { ...listed, id: 11, revokedAt: FIXTURE_TIME },
    ]);
    renderApp('/sessions/1/info');
    expect((await screen.findByTestId('enrollment-key-state-9')).textContent).toBe('已用完');
    expect(screen.getByTestId('enrollment-key-state-10').textContent).toBe('已過期');
    expect(screen.getByTestId('enrollment-key-state-11').textContent).toBe('已撤銷');
    expect(screen.getByTestId('enrollment-key-state-7').textContent).toBe('有效');
    expect(screen.getByTestId('enrollment-key-revoke-7')).toBeTruthy();
    for (const id of [9, 10, 11]) expect(screen.queryByTestId(`enrollment-key-revoke-${id}`)).toBeNull();
  });

  it('is not shown below level 1', async () => {
    signedIn(2);
    renderApp('/sessions/1/info');
    expect(await screen.findByTestId('session-info')).toBeTruthy();
    expect(screen.queryByTestId('enrollment-keys')).toBeNull();
  });
});
