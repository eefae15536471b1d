import { BROKER, CONSOLE_READ_TOPICS, consoleSubscriptions, type RobotStatusPayload } from '@railserve/protocol';
import { describe, expect, it, vi } from 'vitest';
import { fakeConnect, silentLogger } from '../../testing/fake-mqtt-client.ts';
import { BrokerStore, brokerStatus, type MessageHandler } from './broker-store.ts';
import { readRobotStatus } from './robot-feed.ts';

const connection = { host: '192.168.1.20', port: 9001, path: '/', username: 'web', password: 'token-abc' };

function setup(options: { reload?: () => void; warn?: (key: string) => void } = {}) {
  const fake = fakeConnect();
  const store = new BrokerStore({ connect: fake.connect, logger: silentLogger, ...options });
  return { store, fake };
}

function connected() {
  const ctx = setup();
  ctx.store.connect(connection);
  ctx.fake.last().emit('connect');
  return ctx;
}

describe('BrokerStore connect', () => {
  it('connects with the spec options: ws on the page host, clientId frontend_ + 8 hex, 4 s timeout, 1 s reconnect, clean', () => {
    const { store, fake } = setup();
    store.connect(connection);
    expect(fake.calls).toHaveLength(1);
    const { url, options } = fake.calls[0];
    expect(url).toBe('ws://192.168.1.20:9001/');
    expect(options.clientId).toMatch(/^frontend_[0-9a-f]{8}$/);
    expect(options).toMatchObject({
      username: 'web',
      password: 'token-abc',
      protocol: 'ws',
      clean: true,
      connectTimeout: 4000,
      reconnectPeriod: 1000,
      keepalive: 60,
    });
    expect(store.getSnapshot()).toMatchObject({ isConnecting: true, isConnected: false, serverIP: '192.168.1.20' });
    expect(brokerStatus(store.getSnapshot())).toBe('connecting');
  });

  it('does nothing when already connecting or connected', () => {
    const { store, fake } = setup();
    store.connect(connection);
    store.connect(connection);
    expect(fake.calls).toHaveLength(1);
    fake.last().emit('connect');
    store.connect(connection);
    expect(fake.calls).toHaveLength(1);
  });

  it('on connect sets connected, clears the error and re-subscribes every stored subscription', () => {
    const { store, fake } = setup();
    store.subscribeTopic('hcpro4/robots/+/status');
    store.subscribeTopic('hcpro4/logs/+');
    store.connect(connection);
    const client = fake.last();
    client.emit('error', new Error('boom'));
    expect(store.getSnapshot().connectionError).toBe('failed');
    client.emit('connect');
    expect(store.getSnapshot()).toMatchObject({ isConnected: true, isConnecting: false, connectionError: null });
    expect(client.subscribed.map((s) => s.topic)).toEqual(['hcpro4/robots/+/status', 'hcpro4/logs/+']);
    // A reconnect subscribes again (mqtt.js can lose subscriptions across reconnects).
    client.emit('connect');
    expect(client.subscribed).toHaveLength(4);
  });

  it('on error stores why the connection failed and clears both flags', () => {
    const { store, fake } = connected();
    fake.last().emit('error', Object.assign(new Error('Connection refused: Server unavailable'), { code: 3 }));
    expect(store.getSnapshot()).toMatchObject({
      isConnected: false,
      isConnecting: false,
      connectionError: 'unavailable',
    });
    expect(brokerStatus(store.getSnapshot())).toBe('error');
  });

  it('on close clears both flags, on offline clears connected, on reconnect sets connecting', () => {
    const { store, fake } = connected();
    const client = fake.last();
    client.emit('offline');
    expect(store.getSnapshot()).toMatchObject({ isConnected: false });
    client.emit('reconnect');
    expect(store.getSnapshot()).toMatchObject({ isConnecting: true });
    client.emit('close');
    expect(store.getSnapshot()).toMatchObject({ isConnected: false, isConnecting: false });
    expect(brokerStatus(store.getSnapshot())).toBe('disconnected');
  });

  it('stores that the connection could not start when it cannot be created', () => {
    const store = new BrokerStore({
      connect: () => {
        throw new Error('Invalid URL');
      },
      logger: silentLogger,
    });
    store.connect(connection);
    expect(store.getSnapshot()).toMatchObject({
      isConnecting: false,
      isConnected: false,
      connectionError: 'start',
      client: null,
    });
  });

  it('uses wss when asked (a page served over https)', () => {
    const { store, fake } = setup();
    store.connect({ ...connection, protocol: 'wss' });
    expect(fake.calls[0].url).toBe('wss://192.168.1.20:9001/');
    expect(fake.calls[0].options.protocol).toBe('wss');
  });
});

describe('BrokerStore disconnect', () => {
  it('ends the client and resets flags and error; later events of that client are ignored', () => {
    const { store, fake } = connected();
    const client = fake.last();
    client.emit('error', new Error('x'));
    store.disconnect();
    expect(client.ended).toBe(true);
    expect(store.getSnapshot()).toMatchObject({ client: null, isConnected: false, isConnecting: false, connectionError: null });
    client.emit('connect');
    expect(store.getSnapshot().isConnected).toBe(false);
  });

  it('keeps the subscription set so a new session subscribes again', () => {
    const { store, fake } = connected();
    store.subscribeTopic('a/b');
    store.disconnect();
    store.connect(connection);
    fake.last().emit('connect');
    expect(fake.last().subscribed.map((s) => s.topic)).toEqual(['a/b']);
  });
});

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

  it('the console read topics are the spec list and the robot feed, which the console takes instead of raw statuses', () => {
    expect([...CONSOLE_READ_TOPICS]).toEqual([
      'hcpro4/system/status',
      'hcpro4/robots/+/status',
      'hcpro4/console/robots',
      'hcpro4/tracks/+/status',
      'hcpro4/logs/+',
      'hcpro4/alerts/+',
      'HCP4/frontend/update',
    ]);
    expect(consoleSubscriptions(0)).toEqual([
      'hcpro4/system/status',
      'hcpro4/console/robots',
      'hcpro4/tracks/+/status',
      'hcpro4/logs/+',
      'hcpro4/alerts/+',
      'HCP4/frontend/update',
    ]);
    expect(consoleSubscriptions(3)).not.toContain('hcpro4/logs/+');
  });
});

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

  it('tells connect listeners on every connect, after the subscriptions are sent again', () => {
    const { store, fake } = setup();
    store.subscribeTopic('hcpro4/console/robots');
    const seen: number[] = [];
    const remove = store.onConnect(() => seen.push(fake.last().subscribed.length));
    store.connect(connection);
    fake.last().emit('connect');
    fake.last().emit('close');
    fake.last().emit('connect');
    expect(seen).toEqual([1, 2]);
    remove();
    fake.last().emit('connect');
    expect(seen).toHaveLength(2);
  });

  it('tells the connect listeners only once the broker answered every subscription', () => {
    const { store, fake } = setup();
    store.subscribeTopic('hcpro4/console/robots');
    store.subscribeTopic('hcpro4/alerts/+');
    let told = 0;
    store.onConnect(() => told++);
    store.connect(connection);
    const client = fake.last();
    client.holdSubacks = true;
    client.refuse.add('hcpro4/alerts/+');
    client.emit('connect');
    expect(told).toBe(0);
    client.grant();
    // A refused subscription is an answer too: the list is still read again.
    expect(told).toBe(1);
  });
});
