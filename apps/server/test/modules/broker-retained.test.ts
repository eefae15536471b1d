import { RETAINED_LIMITS, topics } from '@railserve/protocol';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.ts';
import { connectDevice } from '../support/broker-clients.ts';

// The embedded broker's retained store is bounded per owner and in all (RETAINED_LIMITS); the
// totals themselves are tried in retained-index.once.test.ts with small bounds.
let app: TestApp;
const lines: string[] = [];
const clients: MqttClient[] = [];

beforeAll(async () => {
  app = await buildTestApp({ logLevel: 'warn' }, { logStream: { write: (line) => lines.push(line) } });
  await app.mqtt.waitUntilSubscribed();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await app.close();
});

const robot = async (sn: string) => {
  const client = await connectDevice(app, sn);
  client.on('error', () => {});
  clients.push(client);
  return client;
};
const usage = () => app.retainedUsage!();
const report = (bytes: number) => JSON.stringify({ basic: {}, padding: 'x'.repeat(bytes) });

/** The retained configuration report a fresh subscription of the robot is handed, if any (its own `config/+`). */
async function retainedReport(reader: MqttClient, sn: string): Promise<string | undefined> {
  const seen: string[] = [];
  const markerTopic = topics.robotConfig(sn, `marker-${Math.random()}`);
  const marker = new Promise<void>((resolve) => {
    const listener = (topic: string, payload: Buffer, packet: { retain: boolean }) => {
      if (topic === topics.robotConfigReport(sn) && packet.retain) seen.push(payload.toString());
      if (topic !== markerTopic) return;
      reader.off('message', listener);
      resolve();
    };
    reader.on('message', listener);
  });
  await reader.subscribeAsync(topics.robotConfig(sn, '+'), { qos: 1 });
  // Retained messages come before anything published after the subscription: a marker proves none is left.
  // Only the server may publish on a robot's config topics: its own connection sends it.
  await app.mqtt.publish(markerTopic, '{}');
  await marker;
  await reader.unsubscribeAsync(topics.robotConfig(sn, '+'));
  return seen.at(-1);
}

describe('bounded retained store', () => {
  it("keeps many robots' reports over their owner's bound out of memory, still delivers them, and logs the burst once", async () => {
    const before = usage();
    const big = report(250 * 1024);
    const publishers = await Promise.all(Array.from({ length: 30 }, (_, i) => robot(`RET-BIG-${i}`)));
    // The robot hears its own report live: delivered, though not kept.
    const live = new Promise<boolean>((resolve) =>
      publishers[0].on(
        'message',
        (topic, _payload, packet) => topic === topics.robotConfigReport('RET-BIG-0') && resolve(!packet.retain),
      ),
    );
    await publishers[0].subscribeAsync(topics.robotConfig('RET-BIG-0', '+'), { qos: 1 });
    await Promise.all(
      publishers.map((client, i) => client.publishAsync(topics.robotConfigReport(`RET-BIG-${i}`), big, { qos: 1, retain: true })),
    );
    expect(await live).toBe(true);
    // Every connection is still open: a full store costs a device nothing but the retained copy.
    expect(publishers.every((client) => client.connected)).toBe(true);
    // A QoS 1 message is acknowledged before it is stored: wait for the store, not the acknowledgement.
    await expect.poll(() => usage().refused - before.refused).toBe(30);
    expect(usage().bytes).toBe(before.bytes);
    expect(await retainedReport(publishers[3], 'RET-BIG-3')).toBeUndefined();
    expect(lines.filter((line) => line.includes('retained store full'))).toHaveLength(1);
    const health = (await app.inject({ method: 'GET', url: '/api/health' })).json().data;
    expect(health.retained).toEqual(usage());
    expect(health.retained.refused).toBeGreaterThanOrEqual(30);
    expect(health.faults).toBe(0);
  });

  it('counts what is kept, replaces in place, and returns to its baseline once every topic is cleared', async () => {
    const before = usage();
    const publishers = await Promise.all(Array.from({ length: 40 }, (_, i) => robot(`RET-OK-${i}`)));
    const retain = (bytes: number) =>
      Promise.all(
        publishers.map((client, i) =>
          client.publishAsync(topics.robotConfigReport(`RET-OK-${i}`), bytes === 0 ? '' : report(bytes), {
            qos: 1,
            retain: true,
          }),
        ),
      );
    await retain(8 * 1024);
    await expect.poll(() => usage().messages - before.messages).toBe(40);
    const stored = usage();
    expect(stored.bytes - before.bytes).toBeGreaterThan(40 * 8 * 1024);
    expect(stored.bytes).toBeLessThanOrEqual(RETAINED_LIMITS.bytesTotal);
    expect(await retainedReport(publishers[7], 'RET-OK-7')).toBe(report(8 * 1024));
    // A second report replaces the first: the same count, its own bytes.
    await retain(2 * 1024);
    await expect.poll(() => stored.bytes - usage().bytes).toBe(40 * 6 * 1024);
    expect(usage().messages).toBe(stored.messages);
    // An empty retained payload is always taken, and gives the owner's share back.
    await retain(0);
    await expect.poll(() => usage()).toMatchObject({ messages: before.messages, bytes: before.bytes, owners: before.owners });
    expect(await retainedReport(publishers[7], 'RET-OK-7')).toBeUndefined();
  });
});
