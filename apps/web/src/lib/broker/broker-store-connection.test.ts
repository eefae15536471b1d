import { describe, expect, it } from 'vitest';
import {
  connectedBrokerStore as connected,
  testBrokerConnection as connection,
  brokerStoreOnFake as setup,
} from '../../testing/broker-store.ts';
import { silentLogger } from '../../testing/fake-mqtt-client.ts';
import { BrokerStore, brokerStatus } from './broker-store.ts';

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

describe('BrokerStore connect listeners', () => {
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
