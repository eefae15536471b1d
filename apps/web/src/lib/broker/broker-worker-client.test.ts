import { describe, expect, it, vi } from 'vitest';
import { fakeConnect, silentLogger } from '../../testing/fake-mqtt-client.ts';
import { BrokerStore } from './broker-store.ts';
import type { BrokerClientOptions } from './broker-types.ts';
import { WorkerBrokerClient } from './broker-worker-client.ts';
import { hostBrokerClient } from './broker-worker-host.ts';
import type { FromWorker, Port, ToWorker } from './broker-worker-messages.ts';
import { robotFeedUnpacker } from './robot-feed.ts';

/** A page and a worker joined as a real worker joins them: asynchronous, every message structured-cloned. */
function workerPair() {
  const fake = fakeConnect();
  const closed = vi.fn();
  const terminated = vi.fn();
  const inWorker: Port<FromWorker, ToWorker> = {
    onmessage: null,
    postMessage: (message) => setTimeout(() => page.onmessage?.({ data: structuredClone(message) })),
  };
  const page = {
    onmessage: null as ((event: { data: FromWorker }) => void) | null,
    onerror: null as ((event: unknown) => void) | null,
    postMessage: (message: ToWorker) => setTimeout(() => inWorker.onmessage?.({ data: structuredClone(message) })),
    terminate: terminated,
  };
  hostBrokerClient(inWorker, fake.connect, closed);
  return { fake, page, closed, terminated };
}

const options: BrokerClientOptions = {
  clientId: 'frontend_0a1b2c3d',
  username: 'web',
  password: 'token',
  protocol: 'ws',
  clean: true,
  connectTimeout: 4000,
  reconnectPeriod: 1000,
  keepalive: 60,
};
/** Lets the pair's messages through: each hop is a zero-delay timer, so a chain of them runs first, however slow the machine. */
async function settle() {
  for (let round = 0; round < 6; round++) await new Promise((resolve) => setTimeout(resolve, 0));
}
async function waitUntil(holds: () => boolean) {
  for (let i = 0; i < 200 && !holds(); i++) await settle();
}
/** The text as a server sends the robot feed: a zlib stream. */
async function deflated(text: string) {
  const zip = new CompressionStream('deflate');
  const writer = zip.writable.getWriter();
  void writer.write(new TextEncoder().encode(text));
  void writer.close();
  return new Uint8Array(await new Response(zip.readable).arrayBuffer());
}

describe('the broker client in a worker', () => {
  it('connects in the worker with the page’s address and options, and passes its events back', async () => {
    const { fake, page } = workerPair();
    const client = new WorkerBrokerClient(page, 'ws://10.0.0.5:9001/', options);
    const events: string[] = [];
    for (const name of ['connect', 'offline', 'reconnect', 'close'] as const) client.on(name, () => events.push(name));
    await settle();
    expect(fake.calls).toEqual([{ url: 'ws://10.0.0.5:9001/', options }]);
    for (const name of ['connect', 'offline', 'reconnect', 'close']) fake.last().emit(name);
    await settle();
    expect(events).toEqual(['connect', 'offline', 'reconnect', 'close']);
  });

  it('hands the page each message with its payload as text', async () => {
    const { fake, page } = workerPair();
    const client = new WorkerBrokerClient(page, 'ws://h:9001/', options);
    const received: [string, unknown][] = [];
    client.on('message', (topic, payload) => received.push([topic, payload]));
    await settle();
    fake.last().emit('message', 'hcpro4/alerts/RS-A1', new TextEncoder().encode('{"code":"low_battery"}'));
    fake.last().emit('message', 'HCP4/frontend/update', '1');
    await settle();
    expect(received).toEqual([
      ['hcpro4/alerts/RS-A1', '{"code":"low_battery"}'],
      ['HCP4/frontend/update', '1'],
    ]);
  });

  it('leaves out of the robot feed the statuses that show nothing new, until a reconnect or a resync', async () => {
    const { fake, page } = workerPair();
    const store = new BrokerStore({
      connect: (url, o) => new WorkerBrokerClient(page, url, o),
      logger: silentLogger,
      unpackers: [robotFeedUnpacker],
    });
    const statuses: unknown[] = [];
    const heard: unknown[] = [];
    store.onMessage('hcpro4/robots/+/status', (m) => statuses.push(m.json));
    store.onMessage('hcpro4/console/robots', (m) => heard.push(...(m.json as { heard: unknown[] }).heard));
    store.connect({ host: 'h', port: 9001, username: 'web', password: 'token' });
    await settle();
    fake.last().emit('connect');
    const status = (battery: number, second: number) => ({
      sn: 'RS-A1',
      connection: 'online',
      battery,
      ts: `2026-11-25T10:00:0${second}.000Z`,
    });
    const send = (battery: number, second: number) =>
      fake
        .last()
        .emit(
          'message',
          'hcpro4/console/robots',
          JSON.stringify({ ts: '2026-11-25T10:00:00.000Z', statuses: [status(battery, second)], removed: [] }),
        );
    send(80, 0);
    send(80, 1);
    send(79, 2);
    // Each hop is a timer: on a busy machine a fixed pause can end before the last one.
    await waitUntil(() => statuses.length >= 2 && heard.length >= 1);
    expect(statuses).toEqual([status(80, 0), status(79, 2)]);
    expect(heard).toEqual(['RS-A1']);

    store.resyncRobotFeed();
    await settle();
    send(79, 3);
    send(79, 4);
    fake.last().emit('connect');
    send(79, 5);
    await waitUntil(() => statuses.length >= 4 && heard.length >= 2);
    expect(statuses).toEqual([status(80, 0), status(79, 2), status(79, 3), status(79, 5)]);
    expect(heard).toEqual(['RS-A1', 'RS-A1']);
  });

  it('inflates the robot feed and keeps every message in the order the client saw it', async () => {
    const { fake, page } = workerPair();
    const client = new WorkerBrokerClient(page, 'ws://h:9001/', options);
    const received: [string, unknown][] = [];
    client.on('message', (topic, payload) => received.push([topic, payload]));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await settle();
    const status = { sn: 'RS-A1', battery: 64, ts: '2026-11-25T10:00:00.000Z' };
    const feed = { ts: '2026-11-25T10:00:00.020Z', statuses: [status], removed: [] };
    const zipped = await deflated(JSON.stringify(feed));
    expect(zipped[0]).toBe(0x78);
    fake.last().emit('message', 'hcpro4/console/robots', zipped);
    fake.last().emit('message', 'hcpro4/alerts/RS-A1', '{"code":"low_battery"}');
    // Bytes that do not inflate are no message; what follows them still arrives.
    fake.last().emit('message', 'hcpro4/console/robots', new Uint8Array([0x78, 0x9c, 1, 2, 3]));
    fake.last().emit('message', 'HCP4/frontend/update', '1');
    // A server of an earlier version sends the JSON text itself.
    fake.last().emit('message', 'hcpro4/console/robots', new TextEncoder().encode(JSON.stringify(feed)));
    await waitUntil(() => received.length === 4);
    expect(received.map(([topic]) => topic)).toEqual([
      'hcpro4/console/robots',
      'hcpro4/alerts/RS-A1',
      'HCP4/frontend/update',
      'hcpro4/console/robots',
    ]);
    expect(JSON.parse(received[0][1] as string)).toEqual({ ...feed, heard: [], checked: true });
    // The same status again shows nothing new: only heard.
    expect(JSON.parse(received[3][1] as string)).toEqual({ ...feed, statuses: [], heard: ['RS-A1'], checked: true });
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('gathers a large fleet’s messages into one post per gap, in order, sent before an answer', async () => {
    // The clock stands still unless moved: the messages after the first all come within the gap.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const { fake, page } = workerPair();
      const client = new WorkerBrokerClient(page, 'ws://h:9001/', options);
      const posts: FromWorker[] = [];
      const onmessage = page.onmessage;
      page.onmessage = (event) => {
        posts.push(event.data);
        onmessage?.(event);
      };
      const received: [string, unknown][] = [];
      client.on('message', (topic, payload) => received.push([topic, payload]));
      await vi.advanceTimersByTimeAsync(1);
      const at = (second: number) => `2026-11-25T10:00:0${second}.000Z`;
      const fleet = Array.from({ length: 5000 }, (_, i) => ({ sn: `RS-${i}`, battery: 60, ts: at(0) }));
      const send = (second: number, statuses: unknown[]) =>
        fake.last().emit('message', 'hcpro4/console/robots', JSON.stringify({ ts: at(second), statuses, removed: [] }));
      send(0, fleet);
      send(1, [{ sn: 'RS-1', battery: 59, ts: at(1) }]);
      fake.last().emit('message', 'hcpro4/logs/robot', '{"level":"info"}');
      send(2, [{ sn: 'RS-2', battery: 58, ts: at(2) }]);
      send(3, [{ sn: 'RS-3', battery: 60, ts: at(3) }]);
      await vi.advanceTimersByTimeAsync(1);
      // The first went at once; the others wait for the gap (50 ms at 5,000 robots)...
      expect(received).toHaveLength(1);
      // ...or for an answer, which they go before.
      const subscribed = vi.fn();
      client.subscribe('hcpro4/alerts/+', { qos: 1 }, subscribed);
      await vi.advanceTimersByTimeAsync(1);
      expect(posts.map((post) => post.type)).toEqual(['messages', 'messages', 'answer']);
      expect(subscribed).toHaveBeenCalledOnce();
      expect(received.map(([topic]) => topic)).toEqual([
        'hcpro4/console/robots',
        'hcpro4/console/robots',
        'hcpro4/logs/robot',
        'hcpro4/console/robots',
      ]);
      expect(JSON.parse(received[1][1] as string)).toEqual({
        ts: at(1),
        statuses: [{ sn: 'RS-1', battery: 59, ts: at(1) }],
        removed: [],
        heard: [],
        checked: true,
      });
      expect(JSON.parse(received[3][1] as string)).toEqual({
        ts: at(3),
        statuses: [{ sn: 'RS-2', battery: 58, ts: at(2) }],
        removed: [],
        heard: ['RS-3'],
        checked: true,
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers subscribe, unsubscribe and publish through their callbacks, refusals included', async () => {
    const { fake, page } = workerPair();
    const client = new WorkerBrokerClient(page, 'ws://h:9001/', options);
    await settle();
    fake.last().refuse.add('hcpro4/logs/+');
    fake.last().publishError = new Error('publish failed');
    const subscribed = vi.fn();
    const refused = vi.fn();
    const unsubscribed = vi.fn();
    const published = vi.fn();
    client.subscribe('hcpro4/alerts/+', { qos: 1 }, subscribed);
    client.subscribe('hcpro4/logs/+', { qos: 1 }, refused);
    client.unsubscribe('hcpro4/alerts/+', unsubscribed);
    client.publish('hcpro4/system/ping', '{}', { qos: 1, retain: false }, published);
    await waitUntil(() => [subscribed, refused, unsubscribed, published].every((callback) => callback.mock.calls.length > 0));
    expect(subscribed).toHaveBeenCalledWith(null, [{ topic: 'hcpro4/alerts/+', qos: 1 }]);
    expect(refused.mock.calls[0][0]).toBeInstanceOf(Error);
    expect(unsubscribed).toHaveBeenCalledWith(undefined);
    expect(published.mock.calls[0][0]).toMatchObject({ message: 'publish failed' });
    expect(fake.last().published).toEqual([{ topic: 'hcpro4/system/ping', message: '{}', options: { qos: 1, retain: false } }]);
  });

  it('keeps an error’s code, so the store still knows a refusal of the credentials', async () => {
    const { fake, page } = workerPair();
    const store = new BrokerStore({ connect: (url, o) => new WorkerBrokerClient(page, url, o), logger: silentLogger });
    const refusals = vi.fn();
    store.onCredentialsRefused(refusals);
    store.connect({ host: 'h', port: 9001, username: 'web', password: 'expired' });
    await settle();
    fake.last().emit('error', Object.assign(new Error('Connection refused: Not authorized'), { code: 5 }));
    await settle();
    expect(store.getSnapshot().connectionError).toBe('credentials');
    expect(refusals).toHaveBeenCalledTimes(1);
    await settle();
    expect(fake.last().ended).toBe(true);
  });

  it('ends the client in the worker and lets the worker close itself; a worker that does not is stopped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const { fake, page, closed, terminated } = workerPair();
      const client = new WorkerBrokerClient(page, 'ws://h:9001/', options);
      await vi.advanceTimersByTimeAsync(1);
      client.end();
      await vi.advanceTimersByTimeAsync(1);
      expect(fake.last().ended).toBe(true);
      expect(closed).toHaveBeenCalledTimes(1);
      expect(terminated).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(5000);
      expect(terminated).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads a worker that cannot start as a connection error', async () => {
    const { page } = workerPair();
    const store = new BrokerStore({ connect: (url, o) => new WorkerBrokerClient(page, url, o), logger: silentLogger });
    store.connect({ host: 'h', port: 9001, username: 'web', password: 'token' });
    page.onerror?.(new Event('error'));
    expect(store.getSnapshot()).toMatchObject({
      isConnected: false,
      isConnecting: false,
      connectionError: 'start',
    });
  });
});
