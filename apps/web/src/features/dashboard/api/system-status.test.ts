import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { BrokerStore } from '../../../lib/broker/broker-store.ts';
import { fakeConnect, silentLogger } from '../../../testing/fake-mqtt-client.ts';
import { FIXTURE_TIME } from '../../../testing/fixtures.ts';
import { registerSystemStatusUpdates } from './system-status.ts';

describe('registerSystemStatusUpdates', () => {
  it('keeps the server’s last valid status in the query cache and ignores anything else', () => {
    const queryClient = new QueryClient();
    const fake = fakeConnect();
    const store = new BrokerStore({ connect: fake.connect, logger: silentLogger });
    store.connect({ host: 'localhost', port: 9001, username: 'web', password: 'token' });
    fake.last().emit('connect');
    const remove = registerSystemStatusUpdates({ broker: store, queryClient });
    const status = {
      timestamp: FIXTURE_TIME,
      source: 'backend',
      type: 'status',
      data: { version: '0.1.0', robotsOnline: 3, robotsTotal: 5, broker: 'embedded', startedAt: FIXTURE_TIME },
    };
    fake.last().emit('message', 'hcpro4/system/status', JSON.stringify(status));
    expect(queryClient.getQueryData(['system', 'status'])).toEqual(status);
    fake.last().emit('message', 'hcpro4/system/status', JSON.stringify({ ...status, source: 'frontend' }));
    fake.last().emit('message', 'hcpro4/system/status', '1');
    expect(queryClient.getQueryData(['system', 'status'])).toEqual(status);
    remove();
  });
});
