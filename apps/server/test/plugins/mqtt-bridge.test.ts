import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { Aedes } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMqttBridge, type MqttBridge } from '../../src/plugins/mqtt-bridge.ts';

let broker: Aedes;
let server: Server;
let url: string;
const granted: { topic: string; qos: number }[] = [];
const quiet = () => {};
const log = { info: quiet, warn: quiet, error: quiet } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  broker = await Aedes.createBroker();
  broker.on('subscribe', (subscriptions) => granted.push(...subscriptions.map(({ topic, qos }) => ({ topic, qos }))));
  server = createServer(broker.handle);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  url = `mqtt://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  server.close();
  await new Promise<void>((resolve) => broker.close(() => resolve()));
});

describe('the server’s broker connection', () => {
  let bridge: MqttBridge;
  afterAll(() => bridge.close());

  it('takes a topic asked for at QoS 0 without acknowledgements and the others at QoS 1', async () => {
    bridge = createMqttBridge({ url, clientOptions: { clientId: 'bridge-test' }, shared: false, log });
    const heard: { topic: string; qos: number }[] = [];
    bridge.handle('statuses/+', (topic) => void heard.push({ topic, qos: 0 }), { qos: 0 });
    bridge.handle('events/+', (topic) => void heard.push({ topic, qos: 1 }));
    await bridge.waitUntilSubscribed();
    expect(granted).toEqual(
      expect.arrayContaining([
        { topic: 'statuses/+', qos: 0 },
        { topic: 'events/+', qos: 1 },
      ]),
    );

    // What the broker sends the server: a QoS 1 publish arrives at QoS 0 on the first topic.
    const delivered: number[] = [];
    broker.on('ack', () => delivered.push(1));
    const robot = await mqtt.connectAsync(url, { clientId: 'robot-test' });
    await robot.publishAsync('statuses/R1', '{}', { qos: 1 });
    await robot.publishAsync('events/R1', '{}', { qos: 1 });
    await expect.poll(() => heard.map((h) => h.topic)).toEqual(['statuses/R1', 'events/R1']);
    // Only the QoS 1 delivery is acknowledged by the server.
    await expect.poll(() => delivered.length).toBe(1);
    await robot.endAsync();
  });
});
