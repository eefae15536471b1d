import { Aedes } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMqttBridge, type MqttBridge } from '../../src/broker/bridge.ts';
import { FaultGuard } from '../../src/lib/fault-guard.ts';
import { checkHandlerFaults } from '../support/hostile-handlers.ts';
import { listenPlainBroker } from '../support/plain-broker.ts';

let broker: Aedes;
let closeBroker: () => Promise<void>;
let url: string;
const granted: { topic: string; qos: number }[] = [];
const quiet = () => {};
const errors: { where?: string; topic?: string; err?: unknown }[] = [];
const log = {
  info: quiet,
  warn: quiet,
  error: (fields: (typeof errors)[number]) => void errors.push(fields),
} as unknown as FastifyBaseLogger;
const guard = new FaultGuard(log);

beforeAll(async () => {
  broker = await Aedes.createBroker();
  broker.on('subscribe', (subscriptions) => granted.push(...subscriptions.map(({ topic, qos }) => ({ topic, qos }))));
  ({ url, close: closeBroker } = await listenPlainBroker(broker));
});
afterAll(() => closeBroker());

describe('the server’s broker connection', () => {
  let bridge: MqttBridge;
  afterAll(() => bridge.close());

  it('takes a topic asked for at QoS 0 without acknowledgements and the others at QoS 1', async () => {
    bridge = createMqttBridge({ url, clientOptions: { clientId: 'bridge-test' }, shared: false, log, guard });
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

  it('drops a message whose handler throws or rejects, logs it once, and goes on serving every handler', async () => {
    const faulty = createMqttBridge({ url, clientOptions: { clientId: 'bridge-faults' }, shared: false, log, guard });
    const robot = await mqtt.connectAsync(url, { clientId: 'robot-hostile' });
    await checkHandlerFaults(faulty, robot, guard, errors);
    expect(errors.filter((e) => e.topic === 'hostile/2')).toHaveLength(1);
    await robot.endAsync();
    await faulty.close();
  });
});
