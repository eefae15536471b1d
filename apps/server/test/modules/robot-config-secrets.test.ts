import { DEFAULT_ROBOT_CONFIG, topics } from '@railserve/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.ts';
import { auditTrail } from '../support/audit.ts';
import { brokerClients, collect, connected } from '../support/broker-clients.ts';
import { onTrack } from '../support/broker-security.ts';
import { waitFor } from '../support/robots.ts';

// The WiFi password is write-only: no level reads it back, a blank write keeps it, and neither the
// audit trail nor the server's log holds it.
const REPORTED = 'reported-wifi-secret';
const WRITTEN = 'written-wifi-secret';
const lines: string[] = [];
let app: TestApp;
const mqtt = brokerClients(() => app);

beforeAll(async () => {
  app = await buildTestApp({}, { logStream: { write: (line) => lines.push(line) } });
  await app.mqtt.waitUntilSubscribed();
});
afterAll(async () => {
  await mqtt.endAll();
  await app.close();
});

async function reportingRobot(sn: string, wifiPassword: string) {
  const robot = mqtt.robot(sn);
  expect(await connected(robot)).toBe(true);
  await robot.publishAsync(topics.robotStatus(sn), JSON.stringify(onTrack(sn, 1)), { qos: 1, retain: true });
  const config = { ...DEFAULT_ROBOT_CONFIG, network: { ...DEFAULT_ROBOT_CONFIG.network, wifiPassword } };
  await robot.publishAsync(topics.robotConfigReport(sn), JSON.stringify(config), { qos: 1, retain: true });
  return robot;
}

const network = { ...DEFAULT_ROBOT_CONFIG.network };

describe('the WiFi password', () => {
  it('is never answered, to any level: only whether it is set', async () => {
    await reportingRobot('WIFI-1', REPORTED);
    for (const level of [0, 1, 2, 3] as const) {
      const headers = await app.as(level);
      const res = await waitFor(async () => {
        const r = await app.inject({ method: 'GET', url: '/api/v1/robots/WIFI-1/config/network', headers });
        return r.statusCode === 200 ? r : undefined;
      }, 'the network configuration');
      expect(res.body).not.toContain(REPORTED);
      expect(res.json().data.data).not.toHaveProperty('wifiPassword');
      expect(res.json().data).toMatchObject({ data: { wifiSsid: network.wifiSsid }, writeOnlySet: { wifiPassword: true } });
    }
  });

  it('is kept when a write leaves it blank: the server sends the robot its current one', async () => {
    const robot = await reportingRobot('WIFI-2', REPORTED);
    const headers = await app.as(0);
    await waitFor(async () => {
      const r = await app.inject({ method: 'GET', url: '/api/v1/robots/WIFI-2/config/network', headers });
      return r.statusCode === 200 || undefined;
    }, 'the report');
    const received = collect(robot, topics.robotConfig('WIFI-2', 'network'), 800);
    const { wifiPassword: _, ...withoutPassword } = network;
    const blank = await app.inject({
      method: 'PUT',
      url: '/api/v1/robots/WIFI-2/config/network',
      headers,
      payload: { ...withoutPassword, wifiSsid: 'renamed-net', wifiPassword: '' },
    });
    expect(blank.statusCode, blank.body).toBe(200);
    const [published] = await received;
    expect(JSON.parse(published.payload).data).toMatchObject({ wifiSsid: 'renamed-net', wifiPassword: REPORTED });
  });

  it('is required when the robot never reported one', async () => {
    await reportingRobot('WIFI-3', '');
    const headers = await app.as(1);
    const res = await waitFor(async () => {
      const r = await app.inject({
        method: 'PUT',
        url: '/api/v1/robots/WIFI-3/config/network',
        headers,
        payload: { ...network, wifiPassword: '' },
      });
      return r.statusCode === 404 || r.statusCode === 409 ? undefined : r;
    }, 'the robot online with its report');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ path: ['body', 'wifiPassword'], message: 'wifi_password_required' });
  });

  it('reaches neither the audit trail nor the log when written', async () => {
    await reportingRobot('WIFI-4', REPORTED);
    const headers = await app.as(0);
    const res = await waitFor(async () => {
      const r = await app.inject({
        method: 'PUT',
        url: '/api/v1/robots/WIFI-4/config/network',
        headers,
        payload: { ...network, wifiPassword: WRITTEN },
      });
      return r.statusCode === 200 ? r : undefined;
    }, 'the write accepted');
    expect(res.body).not.toContain(WRITTEN);
    const trail = JSON.stringify(await auditTrail(app));
    expect(trail).toContain('WIFI-4');
    expect(trail).not.toContain(WRITTEN);
    expect(trail).not.toContain(REPORTED);
    const log = lines.join('');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(WRITTEN);
    expect(log).not.toContain(REPORTED);
  });
});
