import type { Page, Track } from '@railserve/protocol';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { BrokerStore } from '../../../lib/broker/broker-store.ts';
import { fakeConnect, silentLogger } from '../../../testing/fake-mqtt-client.ts';
import { trackKeys } from './track-keys.ts';
import { applyTrackStatuses, registerTrackStatusUpdates, withStatus } from './track-status-updates.ts';

const track: Track = {
  id: 7,
  name: 'Hall',
  type: 'single_circular',
  config: {},
  statusCode: 0,
  errorCode: 0,
  mode: 'normal',
  registerMode: false,
  viewerMode: false,
  robots: [],
  statusAt: '2026-01-01T10:00:00.000Z',
  tableNumberPlay: false,
  displayMode: 'grid',
  sessionId: null,
  hasMap: true,
  mapUpdatedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const status = { trackId: 7, status: 2, error: 0, mode: 'register' as const, robots: ['SIM-1'], ts: '2026-01-01T10:00:05.000Z' };

describe('live track status', () => {
  it('applies a newer status and its mode switches', () => {
    expect(withStatus(track, status)).toMatchObject({
      statusCode: 2,
      mode: 'register',
      registerMode: true,
      viewerMode: false,
      robots: ['SIM-1'],
    });
  });

  it('keeps the track when the status is older or for another track', () => {
    expect(withStatus(track, { ...status, ts: '2026-01-01T09:00:00.000Z' })).toBe(track);
    expect(withStatus(track, { ...status, trackId: 8 })).toBe(track);
  });

  it('writes into cached lists and the detail, and refreshes the status record on a change', async () => {
    const client = new QueryClient();
    const page: Page<Track> = { items: [track, { ...track, id: 8 }], total: 2, page: 1, pageSize: 20 };
    client.setQueryData(trackKeys.list({ page: 1, pageSize: 20 }), page);
    client.setQueryData(trackKeys.detail(7), track);
    client.setQueryData(trackKeys.statusChanges(7), []);
    applyTrackStatuses(client, [status]);
    const list = client.getQueryData<Page<Track>>(trackKeys.list({ page: 1, pageSize: 20 }))!;
    expect(list.items.map((t) => t.statusCode)).toEqual([2, 0]);
    expect(client.getQueryData<Track>(trackKeys.detail(7))?.statusCode).toBe(2);
    expect(client.getQueryState(trackKeys.statusChanges(7))?.isInvalidated).toBe(true);
  });

  it('gathers the statuses of a frame: one list write with the latest status of each track', () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const key = trackKeys.list({ page: 1, pageSize: 20 });
    client.setQueryData<Page<Track>>(key, { items: [track, { ...track, id: 8 }], total: 2, page: 1, pageSize: 20 });
    const fake = fakeConnect();
    const broker = new BrokerStore({ connect: fake.connect, logger: silentLogger });
    broker.connect({ host: 'localhost', port: 9001, username: 'web', password: 'token' });
    fake.last().emit('connect');
    const remove = registerTrackStatusUpdates({ broker, queryClient: client });
    const writes = vi.fn();
    client.getQueryCache().subscribe((event) => event.type === 'updated' && writes());
    const later = { ...status, status: 3, ts: new Date(Date.parse(status.ts) + 1000).toISOString() };
    fake.last().emit('message', 'hcpro4/tracks/7/status', JSON.stringify(later));
    fake.last().emit('message', 'hcpro4/tracks/7/status', JSON.stringify(status));
    expect(client.getQueryData<Page<Track>>(key)!.items[0]).toBe(track);
    vi.advanceTimersByTime(300);
    expect(client.getQueryData<Page<Track>>(key)!.items.map((t) => t.statusCode)).toEqual([3, 0]);
    expect(writes).toHaveBeenCalledTimes(1);
    remove();
    vi.useRealTimers();
  });
});
