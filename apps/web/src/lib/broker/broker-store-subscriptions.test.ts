import { CONSOLE_READ_TOPICS, consoleSubscriptions } from '@railserve/protocol';
import { describe, expect, it, vi } from 'vitest';
import {
  connectedBrokerStore as connected,
  testBrokerConnection as connection,
  brokerStoreOnFake as setup,
} from '../../testing/broker-store.ts';
import { fakeConnect, silentLogger } from '../../testing/fake-mqtt-client.ts';
import { BrokerStore } from './broker-store.ts';

describe('BrokerStore subscribe', () => {
  it('ignores an empty topic and returns false', () => {
    const { store, fake } = connected();
    expect(store.subscribeTopic('')).toBe(false);
    expect(store.getSnapshot().subscriptions.size).toBe(0);
    expect(fake.last().subscribed).toHaveLength(0);
  });

  it('stores the topic while disconnected and subscribes it on connect', () => {
    const { store, fake } = setup();
    expect(store.subscribeTopic('hcpro4/alerts/+')).toBe(true);
    expect([...store.getSnapshot().subscriptions]).toEqual(['hcpro4/alerts/+']);
    store.connect(connection);
    expect(fake.last().subscribed).toHaveLength(0);
    fake.last().emit('connect');
    expect(fake.last().subscribed).toEqual([{ topic: 'hcpro4/alerts/+', qos: 1 }]);
  });

  it('subscribes at once when connected', () => {
    const { store, fake } = connected();
    store.subscribeTopic('hcpro4/system/status');
    expect(fake.last().subscribed.map((s) => s.topic)).toEqual(['hcpro4/system/status']);
  });

  it('removes the topic from the set when the subscription fails', () => {
    const { store, fake } = connected();
    fake.last().refuse.add('forbidden/topic');
    expect(store.subscribeTopic('forbidden/topic')).toBe(true);
    expect(store.getSnapshot().subscriptions.has('forbidden/topic')).toBe(false);
  });

  it('removes the topic when the broker grants QoS 128 (refused)', () => {
    const { store, fake } = connected();
    const client = fake.last();
    client.subscribe = (topic, options, callback) => {
      client.subscribed.push({ topic, qos: options.qos });
      callback(null, [{ topic, qos: 128 }]);
      return client;
    };
    store.subscribeTopic('x/y');
    expect(store.getSnapshot().subscriptions.has('x/y')).toBe(false);
  });

  it('unsubscribe removes the topic; a failure is only logged', () => {
    const logger = { warn: vi.fn(), error: vi.fn() };
    const fake = fakeConnect();
    const store = new BrokerStore({ connect: fake.connect, logger });
    store.connect(connection);
    fake.last().emit('connect');
    store.subscribeTopic('a/b');
    fake.last().unsubscribeError = new Error('nope');
    expect(store.unsubscribeTopic('a/b')).toBe(true);
    expect(store.getSnapshot().subscriptions.has('a/b')).toBe(false);
    expect(fake.last().unsubscribed).toEqual(['a/b']);
    expect(logger.error).toHaveBeenCalled();
    expect(store.unsubscribeTopic('')).toBe(false);
  });
});

describe('BrokerStore publish', () => {
  it('refuses when not connected, warns with mqtt.notConnected and returns false', () => {
    const warn = vi.fn();
    const { store, fake } = setup({ warn });
    expect(store.publish('hcpro4/system/hello', { a: 1 })).toBe(false);
    expect(warn).toHaveBeenCalledWith('mqtt.notConnected');
    store.connect(connection);
    expect(store.publish('hcpro4/system/hello', 'x')).toBe(false);
    expect(fake.last().published).toHaveLength(0);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('sends objects as JSON and strings as they are', () => {
    const { store, fake } = connected();
    expect(store.publish('t/obj', { a: 1, b: [true] })).toBe(true);
    expect(store.publish('t/str', 'plain text')).toBe(true);
    expect(fake.last().published.map((p) => [p.topic, p.message])).toEqual([
      ['t/obj', '{"a":1,"b":[true]}'],
      ['t/str', 'plain text'],
    ]);
  });

  it('a publish failure is only logged', () => {
    const logger = { warn: vi.fn(), error: vi.fn() };
    const fake = fakeConnect();
    const store = new BrokerStore({ connect: fake.connect, logger });
    store.connect(connection);
    fake.last().emit('connect');
    fake.last().publishError = new Error('closed');
    expect(store.publish('a', 'b')).toBe(true);
    expect(logger.error).toHaveBeenCalled();
  });

  it('publishes system messages to hcpro4/system/{type} in the envelope {timestamp, source, type, data}', () => {
    const fake = fakeConnect();
    const now = new Date('2026-01-02T03:04:05.000Z');
    const store = new BrokerStore({ connect: fake.connect, logger: silentLogger, now: () => now });
    store.connect(connection);
    fake.last().emit('connect');
    expect(store.publishSystemMessage('console_hello', { page: '/dashboard' })).toBe(true);
    const [sent] = fake.last().published;
    expect(sent.topic).toBe('hcpro4/system/console_hello');
    expect(JSON.parse(sent.message)).toEqual({
      timestamp: '2026-01-02T03:04:05.000Z',
      source: 'frontend',
      type: 'console_hello',
      data: { page: '/dashboard' },
    });
  });
});

describe('the console subscriptions', () => {
  it('the console read topics are the spec list and the robot feed, which the console takes instead of raw statuses', () => {
    expect([...CONSOLE_READ_TOPICS]).toEqual([
      'hcpro4/system/status',
      'hcpro4/robots/+/status',
      'hcpro4/console/robots',
      'hcpro4/console/alarms',
      'hcpro4/console/alarm-incidents',
      'hcpro4/console/alarm-notices',
      'hcpro4/tracks/+/status',
      'hcpro4/logs/+',
      'hcpro4/alerts/+',
      'HCP4/frontend/update',
    ]);
    expect(consoleSubscriptions(0)).toEqual([
      'hcpro4/system/status',
      'hcpro4/console/robots',
      'hcpro4/console/alarms',
      'hcpro4/console/alarm-incidents',
      'hcpro4/console/alarm-notices',
      'hcpro4/tracks/+/status',
      'hcpro4/logs/+',
      'hcpro4/alerts/+',
      'HCP4/frontend/update',
    ]);
    expect(consoleSubscriptions(3)).not.toContain('hcpro4/logs/+');
    // Escalations reach levels 0-1 only (issue 29).
    expect(consoleSubscriptions(2)).not.toContain('hcpro4/console/alarm-notices');
  });
});
