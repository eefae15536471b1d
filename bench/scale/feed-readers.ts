// Consoles without a page, for the question "what do N consoles cost the server and the broker":
// each signs in to the broker as a console does (the WebSocket port and path from
// /system/client-config, its own credentials from /me/broker-account), subscribes to what an
// administrator's console reads and takes every robot feed message as the broker worker does
// (inflated and parsed). No Chromium renders them, so on this two-core machine the server and the
// broker are measured without four more renderers waiting for the same cores.
import { type BrokerAccount, consoleSubscriptions, topics } from '@railserve/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import { robotFeedText } from '../../apps/web/src/lib/broker/robot-feed-payload.ts';

const ADMINISTRATOR = 0;

async function call<T>(baseUrl: string, token: string, method: 'GET' | 'POST', path: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

export async function startFeedReaders(count: number, baseUrl: string, token: string) {
  const { mqtt: ws } = await call<{ mqtt: { wsPort: number; wsPath: string } }>(baseUrl, token, 'GET', '/system/client-config');
  let statuses = 0;
  const clients: MqttClient[] = [];
  for (let i = 0; i < count; i++) {
    const account = await call<BrokerAccount>(baseUrl, token, 'POST', '/me/broker-account');
    const client = mqtt.connect(`ws://127.0.0.1:${ws.wsPort}${ws.wsPath}`, {
      username: account.username,
      password: account.password,
      clientId: account.clientId ?? `frontend_${(0x10000000 + i).toString(16)}`,
      reconnectPeriod: 1000,
    });
    let reading: Promise<unknown> = Promise.resolve();
    client.on('message', (topic, payload) => {
      if (topic !== topics.consoleRobots) return;
      reading = reading
        .then(async () => {
          const feed = JSON.parse(await robotFeedText(payload)) as { statuses: unknown[] };
          statuses += feed.statuses.length;
        })
        .catch((error) => console.error('a feed reader could not read a message', error));
    });
    await client.subscribeAsync(consoleSubscriptions(ADMINISTRATOR));
    clients.push(client);
  }
  return {
    /** Robot statuses the readers took in, all together. */
    statuses: () => statuses,
    stop: () => Promise.all(clients.map((client) => client.endAsync())),
  };
}
