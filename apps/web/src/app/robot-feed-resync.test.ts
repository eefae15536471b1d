import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrokerStore } from '../lib/broker/broker-store.ts';
import { fakeConnect, silentLogger } from '../testing/fake-mqtt-client.ts';
import { resyncRobotFeedOnRead } from './robot-feed-resync.ts';

describe('the robot feed after robots are read again', () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const store = new BrokerStore({ connect: fakeConnect().connect, logger: silentLogger });
  const resync = vi.spyOn(store, 'resyncRobotFeed');
  const remove = resyncRobotFeedOnRead({ broker: store, queryClient });
  afterEach(() => resync.mockClear());

  it('asks for every robot’s next status in full when the fleet or a track’s robots were read from the server', async () => {
    await queryClient.fetchQuery({ queryKey: ['robots', 'list'], queryFn: async () => ({ items: [] }) });
    await queryClient.fetchQuery({ queryKey: ['tracks', 'robots', 1], queryFn: async () => [] });
    expect(resync).toHaveBeenCalledTimes(2);
  });

  it('does not for live writes into the cache, other reads or failed reads', async () => {
    queryClient.setQueryData(['robots', 'list'], { items: [] });
    await queryClient.fetchQuery({ queryKey: ['logs'], queryFn: async () => [] });
    await queryClient
      .fetchQuery({ queryKey: ['robots', 'failing'], queryFn: () => Promise.reject(new Error('x')) })
      .catch(() => {});
    expect(resync).not.toHaveBeenCalled();
    remove();
    await queryClient.fetchQuery({ queryKey: ['robots', 'list'], queryFn: async () => ({ items: [] }), staleTime: 0 });
    expect(resync).not.toHaveBeenCalled();
  });
});
