import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../lib/session.ts';
import { mockFetch, ok } from '../testing/fetch-mock.ts';
import { adminUser, clientConfigAnswer, renderApp } from '../testing/render-app.tsx';
import { tokenFor } from '../testing/tokens.ts';

// The connection part of BrokerSession: credentials from POST /me/broker-account, asked per connection.
const account = (n: number) => ({
  username: `console-1-0-9999999999-0000000${n}`,
  password: `secret-${n}`,
  clientId: `frontend_0000000${n}`,
});

function signedIn() {
  tokenStore.set(tokenFor(0));
  let issued = 0;
  const mock = mockFetch([
    { url: '/api/v1/me', body: ok(adminUser) },
    { url: '/api/v1/system/client-config', body: ok(clientConfigAnswer) },
  ]);
  // Each call answers a fresh account, as Mosquitto with dynamic security does.
  const answer = mock.fetchMock.getMockImplementation()!;
  mock.fetchMock.mockImplementation(async (input, init) =>
    String(input) === '/api/v1/me/broker-account'
      ? new Response(JSON.stringify(ok(account(++issued))), { headers: { 'content-type': 'application/json' } })
      : answer(input, init),
  );
  return { ...mock, issued: () => issued };
}

afterEach(() => vi.restoreAllMocks());

describe('the console’s broker connection', () => {
  it('asks for its credentials first and connects with them and the client id they name', async () => {
    const { issued } = signedIn();
    const { fake } = renderApp('/dashboard');
    await waitFor(() => expect(fake.calls).toHaveLength(1));
    expect(issued()).toBe(1);
    expect(fake.calls[0].options).toMatchObject({
      username: account(1).username,
      password: 'secret-1',
      clientId: 'frontend_00000001',
    });
    // Spec settings unchanged: the page's host, the configured port, ws.
    expect(fake.calls[0].url).toBe(`ws://${window.location.hostname}:9001/`);
  });

  it('asks for new credentials when the broker refuses the ones it has (expired or removed)', async () => {
    const { issued } = signedIn();
    const { fake, broker } = renderApp('/dashboard');
    await waitFor(() => expect(fake.calls).toHaveLength(1));
    fake.last().emit('connect');
    const refused = Object.assign(new Error('Connection refused: Not authorized'), { code: 5 });
    fake.last().emit('error', refused);
    // The refused client is not left retrying the same credentials.
    expect(fake.clients[0].ended).toBe(true);
    await waitFor(() => expect(fake.calls).toHaveLength(2));
    expect(issued()).toBe(2);
    expect(fake.calls[1].options).toMatchObject({ password: 'secret-2', clientId: 'frontend_00000002' });
    fake.last().emit('connect');
    await waitFor(() => expect(broker.getSnapshot().isConnected).toBe(true));
  });

  it('keeps the credentials on other errors: mqtt.js reconnects by itself', async () => {
    const { issued } = signedIn();
    const { fake } = renderApp('/dashboard');
    await waitFor(() => expect(fake.calls).toHaveLength(1));
    fake.last().emit('error', new Error('connect ECONNREFUSED'));
    expect(fake.clients[0].ended).toBe(false);
    expect(issued()).toBe(1);
  });
});
