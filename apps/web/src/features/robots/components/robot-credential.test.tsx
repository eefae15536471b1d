import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok } from '../../../testing/fetch-mock.ts';
import { robotFixture } from '../../../testing/fixtures.ts';
import { renderApp, signedInRoutes } from '../../../testing/render-app.tsx';

const credential = {
  kind: 'robot',
  identity: 'R-1',
  state: 'enrolled',
  rotationPending: false,
  rotationUntil: null,
  lastSignInAt: '2026-01-01T00:00:00.000Z',
  lastSignInKind: 'own',
  enrolledAt: '2026-01-01T00:00:00.000Z',
};

function signedIn(permission: number) {
  return mockFetch([
    ...signedInRoutes(permission),
    {
      url: '/api/v1/robots?pageSize=all&sort=sn',
      body: ok({ items: [robotFixture('R-1')], total: 1, page: 1, pageSize: 'all' }),
    },
    { url: '/api/v1/devices/credentials?kind=robot', body: ok({ items: [credential] }) },
    { url: '/api/v1/devices/shared-key', body: ok({ configured: true, enabled: true, devices: 3 }) },
    { url: /\/api\/v1\/robots\/R-1\/commands/, body: ok([]) },
    { url: '/api/v1/robots/R-1/credential', body: ok(credential) },
    { method: 'POST', url: '/api/v1/robots/R-1/credential/revoke', body: ok({ ...credential, state: 'revoked' }) },
  ]);
}

describe('a robot’s credential', () => {
  it('shows its state and revokes it from the robot screen; the shared key’s devices are counted', async () => {
    const { calls } = signedIn(0);
    renderApp('/robots');
    expect(await screen.findByText('仍有 3 台裝置以共用金鑰登入')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('robot-settings'));
    fireEvent.click(await screen.findByText('憑證'));
    expect(await screen.findByText('已註冊')).toBeTruthy();
    fireEvent.click(screen.getByTestId('credential-revoke'));
    const ok = await waitFor(() => {
      const button = document.querySelector('.ant-popconfirm .ant-btn-primary');
      if (!button) throw new Error('no confirmation yet');
      return button as HTMLElement;
    });
    fireEvent.click(ok);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/credential/revoke'))).toBe(true));
  });

  it('level 2 sees the state but no actions, and no shared key panel', async () => {
    signedIn(2);
    renderApp('/robots');
    fireEvent.click(await screen.findByTestId('robot-settings'));
    fireEvent.click(await screen.findByText('憑證'));
    expect(await screen.findByText('已註冊')).toBeTruthy();
    expect(screen.queryByTestId('credential-revoke')).toBeNull();
    expect(screen.queryByTestId('shared-key-panel')).toBeNull();
  });
});
