import type { RobotStatusPayload } from '@railserve/protocol';
import { describe, expect, it, vi } from 'vitest';
import { connectedBrokerStore } from '../../testing/broker-store.ts';
import type { MessageHandler } from './broker-store.ts';
import { readRobotStatus } from './read-robot-status.ts';
import { robotFeedUnpacker } from './robot-feed.ts';

/** A connected store that takes the robot feed as the console's does (app/main.tsx). */
const connected = () => connectedBrokerStore({ unpackers: [robotFeedUnpacker] });

describe('BrokerStore robot feed', () => {
  it('hands each status of a feed message to the robot status handlers, and each removed robot as an empty message', () => {
    const { store, fake } = connected();
    const robots = vi.fn<MessageHandler>();
    const tracks = vi.fn<MessageHandler>();
    store.onMessage('hcpro4/robots/+/status', robots);
    store.onMessage('hcpro4/tracks/+/status', tracks);
    const feed = {
      ts: '2026-11-25T10:00:00.000Z',
      statuses: [
        { sn: 'R1', battery: 50, ts: '2026-11-25T10:00:00.000Z' },
        { sn: 'R2', state: 'idle', ts: '2026-11-25T10:00:00.000Z' },
        { sn: '../bad', battery: 1 },
        null,
      ],
      removed: ['R3', 42],
    };
    fake.last().emit('message', 'hcpro4/console/robots', JSON.stringify(feed));
    expect(robots.mock.calls.map(([m]) => [m.topic, m.json])).toEqual([
      ['hcpro4/robots/R1/status', feed.statuses[0]],
      ['hcpro4/robots/R2/status', feed.statuses[1]],
      ['hcpro4/robots/R3/status', undefined],
    ]);
    expect(robots.mock.calls[2][0].message).toBe('');
    expect(JSON.parse(robots.mock.calls[0][0].message)).toEqual(feed.statuses[0]);
    expect(tracks).not.toHaveBeenCalled();
    // One message in the spec's message list for the whole feed message.
    expect(store.getRecentMessages().map((m) => m.topic)).toEqual(['hcpro4/console/robots']);
    // Not read by the broker worker: each handler checks the status itself.
    expect(robots.mock.calls.map(([m]) => m.checked)).toEqual([undefined, undefined, undefined]);
  });

  it('tells the handlers which statuses the broker worker checked, and reads the others with the schema', () => {
    const { store, fake } = connected();
    const statuses: (RobotStatusPayload | undefined)[] = [];
    store.onMessage('hcpro4/robots/+/status', (message) => {
      statuses.push(readRobotStatus(message));
    });
    const status = { sn: 'R1', battery: 50, ts: '2026-11-25T10:00:00.000Z' };
    // The worker's reading (robot-feed-filter.ts) is taken as it is: not read again, which would drop `noted`.
    const read = { ...status, noted: 'by the worker' };
    fake.last().emit('message', 'hcpro4/console/robots', JSON.stringify({ statuses: [read], removed: [], checked: true }));
    // A feed that did not pass through the worker: its statuses are read here.
    fake.last().emit('message', 'hcpro4/console/robots', JSON.stringify({ statuses: [{ ...status, battery: 'full' }, read] }));
    expect(statuses).toEqual([read, undefined, status]);
  });

  it('ignores a feed message that is not a feed', () => {
    const { store, fake } = connected();
    const robots = vi.fn<MessageHandler>();
    store.onMessage('hcpro4/robots/+/status', robots);
    for (const text of ['not json', 'null', '[1,2]', '{"statuses":"R1"}'])
      fake.last().emit('message', 'hcpro4/console/robots', text);
    expect(robots).not.toHaveBeenCalled();
  });
});
