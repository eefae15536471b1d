import type { BrokerAccount } from '@railserve/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import type { TestApp } from '../helper.ts';

type Headers = { authorization: string };

/** POST /me/broker-account as this session; throws with the answer when it is not a 200. */
export async function brokerAccountOf(app: TestApp, headers: Headers): Promise<BrokerAccount> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/me/broker-account', headers });
  if (response.statusCode !== 200) throw new Error(`broker account refused: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

/**
 * Console and observer connections of a test on an external broker: consoles over WebSocket with
 * their account (as the web app connects), observers over TCP with any credentials.
 */
export function consoleClients(ports: () => { tcp: number; ws: number }) {
  const clients: MqttClient[] = [];
  const track = (client: MqttClient) => {
    client.on('error', () => {});
    clients.push(client);
    return client;
  };
  return {
    /** Resolves once connected; rejects when the broker refuses. */
    console: async (account: BrokerAccount, clientId = account.clientId) =>
      track(
        await mqtt.connectAsync(`ws://127.0.0.1:${ports().ws}`, {
          username: account.username,
          password: account.password,
          clientId,
          reconnectPeriod: 0,
          connectTimeout: 5000,
        }),
      ),
    observer: async (username: string, password: string) =>
      track(
        await mqtt.connectAsync(`mqtt://127.0.0.1:${ports().tcp}`, {
          username,
          password,
          clientId: `observer-${clients.length}-${process.pid}`,
          reconnectPeriod: 0,
        }),
      ),
    endAll: () => Promise.all(clients.map((c) => c.endAsync(true))),
  };
}

/** Resolves when the broker closes the connection (at once when it is closed already). */
export const closedByBroker = (client: MqttClient) =>
  new Promise<void>((resolve) => (client.connected ? client.once('close', () => resolve()) : resolve()));

/**
 * Every message `client` receives until one on `markerTopic` arrives. A client's messages reach
 * a subscriber in the order it sent them, so whatever it sent before the marker and is missing
 * here was refused: an absence proven without a fixed wait.
 */
export function collectUntilMarker(client: MqttClient, markerTopic: string) {
  const seen: { topic: string; payload: string; retain: boolean }[] = [];
  const done = new Promise<typeof seen>((resolve) => {
    const listener = (topic: string, payload: Buffer, packet: { retain: boolean }) => {
      seen.push({ topic, payload: payload.toString(), retain: packet.retain });
      if (topic === markerTopic) {
        client.off('message', listener);
        resolve(seen);
      }
    };
    client.on('message', listener);
  });
  return done;
}
