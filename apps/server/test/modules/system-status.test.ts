import { parseJson, systemStatusPayload, topics } from '@railserve/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.ts';
import { connectConsole } from '../support/broker-clients.ts';
import { ROBOT_TEST_CONFIG } from '../support/robots.ts';

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp(ROBOT_TEST_CONFIG);
  await app.mqtt.waitUntilSubscribed();
});
afterAll(() => app.close());

describe('system status', () => {
  it('is published retained on hcpro4/system/status with the version and the robot counts', async () => {
    // Published at start: a subscriber that comes later gets the retained message.
    // An administrator's console, as the dashboard reads it.
    const observer = await connectConsole(app, (await app.as(0)).authorization);
    const received = new Promise<{ payload: unknown; retained: boolean }>((resolve) =>
      observer.on('message', (_topic, payload, packet) => {
        resolve({ payload: parseJson(payload), retained: packet.retain });
      }),
    );
    await observer.subscribeAsync(topics.systemStatus, { qos: 1 });
    const { payload, retained } = await received;
    expect(retained).toBe(true);
    const status = systemStatusPayload.parse(payload);
    expect(status).toMatchObject({ source: 'backend', type: 'status', data: { broker: 'embedded' } });
    expect(status.data.robotsTotal).toBeGreaterThanOrEqual(status.data.robotsOnline);
    expect(status.data.version).toMatch(/^\d+\.\d+\.\d+/);
    await observer.endAsync();
  });
});
