import { StyleProvider } from '@ant-design/cssinjs';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers.tsx';
import { routeObjects } from '../app/router.tsx';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { BrokerProvider } from '../lib/broker/broker-context.tsx';
import { BrokerStore } from '../lib/broker/broker-store.ts';
import { robotFeedUnpacker } from '../lib/broker/robot-feed.ts';
import { tokenStore } from '../lib/session.ts';
import { fakeConnect, silentLogger } from './fake-mqtt-client.ts';
import { tokenFor } from './tokens.ts';

/**
 * Renders the whole app (real route table, guards, layout) at a path, with a fake broker. antd's
 * styles are made as on a server, not put into jsdom's document: the tests read no CSS (`css:
 * false`), and walking hundreds of style tags on every render and computed style took about a
 * fifth of a page test's CPU.
 */
export function renderApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const fake = fakeConnect();
  const broker = new BrokerStore({ connect: fake.connect, logger: silentLogger, unpackers: [robotFeedUnpacker] });
  const router = createMemoryRouter(routeObjects(), { initialEntries: [path] });
  setUnauthorizedHandler(() => {
    if (router.state.location.pathname !== '/login') void router.navigate('/login', { replace: true });
  });
  const view = render(
    <StyleProvider mock="server">
      <Providers queryClient={queryClient}>
        <BrokerProvider store={broker}>
          <RouterProvider router={router} />
        </BrokerProvider>
      </Providers>
    </StyleProvider>,
  );
  return { ...view, router, queryClient, broker, fake };
}

export const adminUser = {
  id: 1,
  username: 'admin',
  nickname: '店長',
  permission: 0 as const,
  status: 'active' as const,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

export const clientConfigAnswer = { mqtt: { wsPort: 9001, wsPath: '/', username: 'web' }, version: '0.1.0' };

/** POST /me/broker-account as the embedded broker answers it: user `web` and the session token. */
export const brokerAccountRoute = (token: string | null, clientId?: string) => ({
  method: 'POST',
  url: '/api/v1/me/broker-account',
  body: { success: true, data: { username: 'web', password: token ?? '', ...(clientId ? { clientId } : {}) } },
});

/** Signs a user of `permission` in: the answers every signed-in screen asks for first (me, client config, broker account). */
export function signedInRoutes(permission: number) {
  tokenStore.set(tokenFor(permission));
  return [
    { url: '/api/v1/me', body: { success: true, data: { ...adminUser, permission } } },
    { url: '/api/v1/system/client-config', body: { success: true, data: clientConfigAnswer } },
    brokerAccountRoute(tokenStore.get()),
  ];
}
