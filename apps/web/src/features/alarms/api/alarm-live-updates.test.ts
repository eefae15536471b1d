import { topics } from '@railserve/protocol';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrokerStore } from '../../../lib/broker/broker-store.ts';
import { fakeConnect, silentLogger } from '../../../testing/fake-mqtt-client.ts';
import { alarmFixture, FIXTURE_TIME } from '../../../testing/fixtures.ts';
import { alarmKeys } from './alarm-keys.ts';
import { registerAlarmLiveUpdates } from './alarm-live-updates.ts';

const alarm = (id: number) => alarmFixture(id, { code: 'network_timeout', severity: 'major' });

describe('registerAlarmLiveUpdates', () => {
  let queryClient: QueryClient;
  let fake: ReturnType<typeof fakeConnect>;
  let remove: () => void;
  let reads: number;
  const receive = (...ids: number[]) =>
    fake.last().emit('message', topics.consoleAlarms, JSON.stringify({ ts: FIXTURE_TIME, alarms: ids.map(alarm) }));

  beforeEach(() => {
    vi.useFakeTimers();
    queryClient = new QueryClient();
    reads = 0;
    const invalidate = queryClient.invalidateQueries.bind(queryClient);
    queryClient.invalidateQueries = ((filters) => {
      if (JSON.stringify(filters?.queryKey) === JSON.stringify(alarmKeys.summary)) reads++;
      return invalidate(filters);
    }) as QueryClient['invalidateQueries'];
    fake = fakeConnect();
    const store = new BrokerStore({ connect: fake.connect, logger: silentLogger });
    store.connect({ host: 'localhost', port: 9001, username: 'web', password: 'token' });
    fake.last().emit('connect');
    reads = 0;
    remove = registerAlarmLiveUpdates({ broker: store, queryClient });
  });
  afterEach(() => {
    remove();
    vi.useRealTimers();
  });

  it('reads the count again at the first change, without waiting', () => {
    receive(1);
    expect(reads).toBe(1);
  });

  it('moves the header count at once by what the feed says, and reads it again', () => {
    queryClient.setQueryData(alarmKeys.summary, { critical: 0, major: 1, minor: 0, warning: 0 });
    receive(1, 2);
    expect(queryClient.getQueryData(alarmKeys.summary)).toEqual({ critical: 0, major: 3, minor: 0, warning: 0 });
    expect(reads).toBe(1);
  });

  it('turns a storm into a read at its start and one per gap while it goes on, the last change included', () => {
    receive(1);
    for (let i = 2; i < 200; i++) {
      receive(i);
      vi.advanceTimersByTime(5);
    }
    // 990 ms of changes: the first read, then one at the end of each 500 ms gap that saw changes.
    vi.advanceTimersByTime(2000);
    expect(reads).toBe(3);
    receive(500);
    expect(reads).toBe(4);
  });
});
