import { BROKER_LIMITS, topicFilters, topics } from '@railserve/protocol';
import { Aedes } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttBridge } from '../../../src/broker/bridge.ts';
import { createInProcessBridge } from '../../../src/broker/embedded/in-process-bridge.ts';
import { indexedMemoryPersistence } from '../../../src/broker/embedded/persistence.ts';
import { RetainedIndex } from '../../../src/broker/embedded/retained-index.ts';
import { FaultGuard } from '../../../src/lib/fault-guard.ts';
import { checkHandlerFaults } from '../../support/hostile-handlers.ts';
import { listenPlainBroker } from '../../support/plain-broker.ts';

type Heard = { topic: string; payload: string; retained: boolean };
type Logged = { topic?: string; where?: string; err?: unknown; bytes?: number };

let broker: Aedes;
let closeBroker: () => Promise<void>;
let url: string;
const retained = new RetainedIndex();
const errors: Logged[] = [];
const warnings: Logged[] = [];
const quiet = () => {};
const log = {
  info: quiet,
  debug: quiet,
  warn: (fields: Logged) => void warnings.push(fields),
  error: (fields: Logged) => void errors.push(fields),
} as unknown as FastifyBaseLogger;
const guard = new FaultGuard(log);
const clients: MqttClient[] = [];

beforeAll(async () => {
  broker = await Aedes.createBroker({ concurrency: 0, persistence: indexedMemoryPersistence({ retained }) });
  ({ url, close: closeBroker } = await listenPlainBroker(broker));
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await closeBroker();
});

const client = async (clientId: string) => {
  const connected = await mqtt.connectAsync(url, { clientId, reconnectPeriod: 0 });
  clients.push(connected);
  return connected;
};
const bridge = () => createInProcessBridge({ broker, retained, log, guard });
const listen = (into: Heard[]) => (topic: string, payload: Buffer, isRetained: boolean) =>
  void into.push({ topic, payload: payload.toString(), retained: isRetained });

describe('the server’s connection in the embedded broker’s process', () => {
  it('hands each client’s message to every handler of its filter, in order, as not retained', async () => {
    const server = bridge();
    const first: Heard[] = [];
    const second: Heard[] = [];
    const other: Heard[] = [];
    server.handle('fleet/+/status', listen(first), { qos: 0 });
    server.handle('fleet/+/status', listen(second));
    server.handle('fleet/+/alert', listen(other), { shared: false });
    await server.waitUntilSubscribed();
    expect(server.connected).toBe(true);

    const robot = await client('robot-order');
    for (let i = 0; i < 20; i++) await robot.publishAsync('fleet/R1/status', String(i), { qos: i % 2 ? 1 : 0 });
    await robot.publishAsync('fleet/R1/alert', 'a', { qos: 1, retain: true });
    const sent = Array.from({ length: 20 }, (_, i) => ({ topic: 'fleet/R1/status', payload: String(i), retained: false }));
    await expect.poll(() => second).toEqual(sent);
    expect(first).toEqual(sent);
    // A live message reaches a subscriber without its retain flag, as over MQTT 3.1.1.
    await expect.poll(() => other).toEqual([{ topic: 'fleet/R1/alert', payload: 'a', retained: false }]);
    await server.close();
  });

  it('hands a new filter the retained messages it matches, marked retained, then the live ones', async () => {
    const robot = await client('robot-retained');
    await robot.publishAsync('kept/R1/status', 'before', { qos: 1, retain: true });
    await robot.publishAsync('kept/R2/status', 'before too', { qos: 1, retain: true });
    const server = bridge();
    const heard: Heard[] = [];
    server.handle('kept/+/status', listen(heard));
    await server.waitUntilSubscribed();
    expect(heard.sort((a, b) => a.topic.localeCompare(b.topic))).toEqual([
      { topic: 'kept/R1/status', payload: 'before', retained: true },
      { topic: 'kept/R2/status', payload: 'before too', retained: true },
    ]);
    await robot.publishAsync('kept/R1/status', 'after', { qos: 1, retain: true });
    await expect.poll(() => heard.at(-1)).toEqual({ topic: 'kept/R1/status', payload: 'after', retained: false });
    await server.close();
  });

  it('drops a message for a handler that throws or rejects, logs it once, and goes on serving the others', async () => {
    const server = bridge();
    const robot = await client('robot-hostile');
    const heard = await checkHandlerFaults(server, robot, guard, errors);
    // The broker went on: the publisher is still connected and acknowledged.
    expect(robot.connected).toBe(true);
    await robot.publishAsync('hostile/3', '[]', { qos: 1 });
    await expect.poll(() => heard).toContain('hostile/3');
    await server.close();
  });

  it('drops a payload over the devices’ cap, clearing it where the broker keeps it', async () => {
    const server = bridge();
    const heard: Heard[] = [];
    server.handle(topicFilters.robotStatus, listen(heard));
    server.handle('big/+', listen(heard));
    await server.waitUntilSubscribed();
    const big = Buffer.alloc(BROKER_LIMITS.devicePacketBytes + 1, 0x20);
    await server.publish(topics.robotStatus('BIG-1'), big, { retain: true });
    await server.publish('big/1', big);
    await server.publish('big/2', 'small');
    // The handlers hear the small one, and the server's own clearing of the big one (empty).
    await expect
      .poll(() => heard.map((h) => `${h.topic} ${h.payload}`).sort())
      .toEqual(['big/2 small', `${topics.robotStatus('BIG-1')} `]);
    expect(warnings.filter((w) => w.bytes === big.length).map((w) => w.topic)).toEqual([topics.robotStatus('BIG-1'), 'big/1']);
    await expect.poll(() => [...retained.match(topics.robotStatus('BIG-1'))]).toEqual([]);
    await server.close();
  });

  it('sends its publishes to the broker’s clients with their QoS, and keeps the retained ones', async () => {
    const server = bridge();
    const console1 = await client('console-live');
    const received: { topic: string; payload: string; qos: number; retain: boolean }[] = [];
    console1.on('message', (topic, payload, packet) =>
      received.push({ topic, payload: payload.toString(), qos: packet.qos, retain: packet.retain }),
    );
    await console1.subscribeAsync('feed/#', { qos: 1 });
    await server.publish('feed/robots', { robots: 1 }, { qos: 0 });
    await server.publish('feed/status', 'up', { retain: true });
    await expect
      .poll(() => received)
      .toEqual([
        { topic: 'feed/robots', payload: '{"robots":1}', qos: 0, retain: false },
        { topic: 'feed/status', payload: 'up', qos: 1, retain: false },
      ]);
    // A later subscriber is handed the retained one.
    const console2 = await client('console-late');
    const late = new Promise<{ payload: string; retain: boolean }>((resolve) =>
      console2.once('message', (_topic, payload, packet) => resolve({ payload: payload.toString(), retain: packet.retain })),
    );
    await console2.subscribeAsync('feed/status', { qos: 1 });
    expect(await late).toEqual({ payload: 'up', retain: true });
    // What no client may publish, the server may not either.
    await expect(server.publish('$SYS/x', 'no')).rejects.toThrow('not allowed');
    await expect(server.publish('feed/+', 'no')).rejects.toThrow('not allowed');
    await server.close();
  });

  it('hears its own publishes, and no `$` topic on a filter that starts with a wildcard', async () => {
    const server = bridge();
    const heard: Heard[] = [];
    server.handle('#', listen(heard));
    await server.waitUntilSubscribed();
    heard.length = 0;
    await client('robot-dollar');
    await server.publish('own/topic', 'mine');
    await expect.poll(() => heard.map((h) => h.topic)).toContain('own/topic');
    expect(heard.filter((h) => h.topic.startsWith('$'))).toEqual([]);
    await server.close();
  });

  it('after close, is not connected, hands nothing on and publishes nothing; the broker goes on', async () => {
    const server: MqttBridge = bridge();
    const heard: Heard[] = [];
    server.handle('closing/+', listen(heard));
    await server.waitUntilSubscribed();
    await server.close();
    expect(server.connected).toBe(false);
    await expect(server.publish('closing/1', 'x')).rejects.toThrow('closed');
    await expect(server.waitUntilConnected()).rejects.toThrow('closed');
    const still = bridge();
    const heardStill: Heard[] = [];
    still.handle('closing/+', listen(heardStill));
    await still.waitUntilSubscribed();
    const robot = await client('robot-closing');
    await robot.publishAsync('closing/2', 'y', { qos: 1 });
    await expect.poll(() => heardStill.map((h) => h.topic)).toEqual(['closing/2']);
    expect(heard).toEqual([]);
    await still.close();
  });
});
