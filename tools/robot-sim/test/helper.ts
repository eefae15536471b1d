import { once } from 'node:events';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { parseJson, topicMatches } from '@railserve/protocol';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';

/** An in-process Aedes broker on a free port, without authentication. */
export async function startBroker(listenPort = 0) {
  const broker = await Aedes.createBroker();
  const server = createServer(broker.handle);
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(listenPort, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    broker,
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Seen = { topic: string; payload: unknown; raw: string; retain: boolean };

/** A test client that records what it sees and can wait for a matching message. */
export async function observe(url: string, filters: string[]) {
  const client: MqttClient = await mqtt.connectAsync(url, { clientId: `observer_${Math.random().toString(16).slice(2, 10)}` });
  const seen: Seen[] = [];
  const waiters = new Set<{ match: (m: Seen) => boolean; resolve: (m: Seen) => void }>();
  client.on('message', (topic, payload, packet) => {
    const m: Seen = { topic, payload: parseJson(payload), raw: payload.toString(), retain: packet.retain };
    seen.push(m);
    for (const w of waiters) {
      if (w.match(m)) {
        waiters.delete(w);
        w.resolve(m);
      }
    }
  });
  await client.subscribeAsync(filters, { qos: 1 });
  return {
    client,
    seen,
    /** The first message (already seen or still to come) on `filter` whose payload passes `test`. */
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON arrived
    next(filter: string, test: (payload: any) => boolean = () => true, timeoutMs = 8000): Promise<Seen> {
      const match = (m: Seen) => topicMatches(filter, m.topic) && test(m.payload);
      const found = seen.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (m: Seen) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no message on ${filter} matching within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    clear() {
      seen.length = 0;
    },
    publish(topic: string, payload: unknown, retain = false) {
      return client.publishAsync(topic, typeof payload === 'string' ? payload : JSON.stringify(payload), { qos: 1, retain });
    },
    close: () => client.endAsync(),
  };
}
export type Observer = Awaited<ReturnType<typeof observe>>;

export async function waitFor(check: () => boolean, timeoutMs = 8000, what = 'condition') {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Fast timings so a delivery takes well under a second. */
export const FAST = { stepMs: 40, initMs: 40, upgradeMs: 200, statusIntervalMs: 200, waitPathChance: 0, reconnectPeriodMs: 100 };

export const command = (id: string, name: string, args?: Record<string, unknown>) => ({
  id,
  command: name,
  ...(args ? { args } : {}),
  ts: new Date().toISOString(),
});
