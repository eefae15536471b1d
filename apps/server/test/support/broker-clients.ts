import { randomBytes } from 'node:crypto';
import { brokerClientId } from '@railserve/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import type { TestApp } from '../helper.ts';

/** MQTT clients of a test against the embedded broker; `endAll` closes them in afterAll. */
export function brokerClients(app: () => TestApp) {
  const clients: MqttClient[] = [];
  const connect = (username: string, password: string, options: { ws?: boolean; clientId: string }) => {
    const url = options.ws ? `ws://127.0.0.1:${app().brokerPorts!.ws}` : `mqtt://127.0.0.1:${app().brokerPorts!.tcp}`;
    const client = mqtt.connect(url, {
      username,
      password,
      clientId: options.clientId,
      reconnectPeriod: 0,
      connectTimeout: 3000,
    });
    client.on('error', () => {});
    clients.push(client);
    return client;
  };
  return {
    connect,
    robot: (sn: string, clientId = brokerClientId.robot(sn)) => connect(sn, app().secrets.deviceKey, { clientId }),
    controller: (trackId: number, clientId = brokerClientId.controller(trackId)) =>
      connect(`track-${trackId}`, app().secrets.deviceKey, { clientId }),
    browser: (token: string, clientId = webClientId()) => connect('web', token, { ws: true, clientId }),
    endAll: () => Promise.all(clients.map((c) => c.endAsync(true))),
  };
}

export const webClientId = () => brokerClientId.web(randomBytes(8).toString('hex'));

/** True once connected, false when the broker refused or closed the connection first. */
export const connected = (client: MqttClient) =>
  new Promise<boolean>((resolve) => {
    if (client.connected) return resolve(true);
    client.once('connect', () => resolve(true));
    client.once('error', () => resolve(false));
    client.once('close', () => resolve(false));
  });

export const closed = (client: MqttClient) =>
  new Promise<void>((resolve) => (client.disconnected || !client.connected ? resolve() : client.once('close', () => resolve())));

/** The QoS the broker granted per filter; 128 is a refusal. */
export const grantedQos = (client: MqttClient, topics: string[]) =>
  Promise.all(
    topics.map((t) =>
      client.subscribeAsync(t).then(
        (g) => g[0].qos,
        () => 128,
      ),
    ),
  );

export const nextMessage = (client: MqttClient) =>
  new Promise<{ topic: string; payload: string; retain: boolean }>((resolve) =>
    client.once('message', (topic, payload, packet) => resolve({ topic, payload: payload.toString(), retain: packet.retain })),
  );

/** Messages (retained ones included) a fresh subscription receives within `ms`. */
export async function collect(client: MqttClient, filter: string, ms: number) {
  const received: { topic: string; payload: string }[] = [];
  client.on('message', (topic, payload) => received.push({ topic, payload: payload.toString() }));
  await client.subscribeAsync(filter, { qos: 1 });
  await new Promise((r) => setTimeout(r, ms));
  return received;
}

/** Resolves when the client connects; rejects on the broker's refusal. */
const whenConnected = (client: MqttClient) =>
  new Promise<MqttClient>((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('error', reject);
  });

/** A device on the embedded broker's TCP port, signed in with the device key and its own client id. */
export function connectDevice(app: TestApp, username: string): Promise<MqttClient> {
  const track = /^track-(\d+)$/.exec(username);
  const clientId = track ? brokerClientId.controller(Number(track[1])) : brokerClientId.robot(username);
  return whenConnected(
    mqtt.connect(`mqtt://127.0.0.1:${app.brokerPorts!.tcp}`, {
      username,
      password: app.secrets.deviceKey,
      clientId,
      reconnectPeriod: 0,
    }),
  );
}

/** A console on the embedded broker's WebSocket port, signed in with a user's session token. */
export function connectConsole(app: TestApp, authorization: string): Promise<MqttClient> {
  return whenConnected(
    mqtt.connect(`ws://127.0.0.1:${app.brokerPorts!.ws}`, {
      username: 'web',
      password: authorization.replace(/^Bearer /, ''),
      clientId: webClientId(),
      reconnectPeriod: 0,
    }),
  );
}
