import { BROKER } from '@railserve/protocol';
import { describe, expect, it, vi } from 'vitest';
import {
  connectedBrokerStore as connected,
  testBrokerConnection as connection,
  brokerStoreOnFake as setup,
} from '../../testing/broker-store.ts';
import { fakeConnect } from '../../testing/fake-mqtt-client.ts';
import { BrokerStore, type MessageHandler } from './broker-store.ts';

describe('BrokerStore messages', () => {
  it('records topic, text, ISO timestamp and a unique id', () => {
    const { store, fake } = connected();
    fake.last().emit('message', 'hcpro4/robots/R1/status', new TextEncoder().encode('{"sn":"R1"}'));
    fake.last().emit('message', 'hcpro4/robots/R1/status', new TextEncoder().encode('{"sn":"R1"}'));
    const [a, b] = store.getSnapshot().messages;
    expect(a).toMatchObject({ topic: 'hcpro4/robots/R1/status', message: '{"sn":"R1"}' });
    expect(new Date(a.timestamp).toISOString()).toBe(a.timestamp);
    expect(a.id).not.toBe(b.id);
  });

  it('the recent view returns the last 100', () => {
    const { store, fake } = connected();
    for (let i = 0; i < 150; i++) fake.last().emit('message', 't', String(i));
    const recent = store.getRecentMessages();
    expect(recent).toHaveLength(BROKER.recentMessages);
    expect(recent[0].message).toBe('50');
    expect(recent[99].message).toBe('149');
  });

  it('trims the list to the last 500 once it grows above 1000', () => {
    const { store, fake } = connected();
    for (let i = 0; i < 1000; i++) fake.last().emit('message', 't', String(i));
    expect(store.getSnapshot().messages).toHaveLength(1000);
    fake.last().emit('message', 't', '1000');
    const messages = store.getSnapshot().messages;
    expect(messages).toHaveLength(500);
    expect(messages[0].message).toBe('501');
    expect(messages[499].message).toBe('1000');
  });

  it('a message costs no render: the store listeners are not told', () => {
    const { store, fake } = connected();
    const listener = vi.fn();
    store.subscribe(listener);
    for (let i = 0; i < 10; i++) fake.last().emit('message', 't', String(i));
    expect(listener).not.toHaveBeenCalled();
    expect(store.getRecentMessages()).toHaveLength(10);
  });

  it('routes matching messages to registered handlers with parsed JSON; a throwing handler is only logged', () => {
    const logger = { warn: vi.fn(), error: vi.fn() };
    const fake = fakeConnect();
    const store = new BrokerStore({ connect: fake.connect, logger });
    store.connect(connection);
    fake.last().emit('connect');
    const robots = vi.fn<MessageHandler>();
    const failing = vi.fn<MessageHandler>(() => {
      throw new Error('bad handler');
    });
    const remove = store.onMessage('hcpro4/robots/+/status', robots);
    store.onMessage('hcpro4/#', failing);
    fake.last().emit('message', 'hcpro4/robots/R7/status', '{"sn":"R7","battery":80}');
    fake.last().emit('message', 'hcpro4/tracks/1/status', 'not json');
    expect(robots).toHaveBeenCalledTimes(1);
    expect(robots.mock.calls[0][0]).toMatchObject({ topic: 'hcpro4/robots/R7/status', json: { sn: 'R7', battery: 80 } });
    expect(failing).toHaveBeenCalledTimes(2);
    expect(failing.mock.calls[1][0]).toMatchObject({ message: 'not json', json: undefined });
    expect(logger.error).toHaveBeenCalledTimes(2);
    remove();
    fake.last().emit('message', 'hcpro4/robots/R7/status', '{}');
    expect(robots).toHaveBeenCalledTimes(1);
  });

  it('reloads the page on payload 1 at HCP4/frontend/update, and only then', () => {
    const reload = vi.fn();
    const { store, fake } = setup({ reload });
    store.connect(connection);
    fake.last().emit('connect');
    fake.last().emit('message', 'HCP4/frontend/update', '0');
    fake.last().emit('message', 'hcpro4/system/status', '1');
    expect(reload).not.toHaveBeenCalled();
    fake.last().emit('message', 'HCP4/frontend/update', new TextEncoder().encode('1'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('notifies snapshot listeners on every change with a new snapshot object', () => {
    const { store, fake } = setup();
    const listener = vi.fn();
    const off = store.subscribe(listener);
    const before = store.getSnapshot();
    store.connect(connection);
    expect(listener).toHaveBeenCalled();
    expect(store.getSnapshot()).not.toBe(before);
    off();
    listener.mockClear();
    fake.last().emit('connect');
    expect(listener).not.toHaveBeenCalled();
  });
});
