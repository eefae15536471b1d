import { randomBytes } from 'node:crypto';
import { brokerClientId } from '@railserve/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_BROKER_USERNAME } from '../../src/broker/acl.ts';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../helper.ts';
import { robotCommandScenario } from '../support/robot-command-scenario.ts';
import { robotLifecycleScenario } from '../support/robot-scenario.ts';
import { ROBOT_TEST_CONFIG, type RobotTestEnv, rawDevice, waitForRobot } from '../support/robots.ts';
import { createTrack } from '../support/tracks.ts';

// Robots against the embedded broker, with simulated robots (tools/robot-sim) and scripted devices.
let app: TestApp;
let adminToken: string;

beforeAll(async () => {
  app = await buildTestApp(ROBOT_TEST_CONFIG);
  adminToken = (await app.login('admin', ADMIN_PASSWORD)).authorization.slice('Bearer '.length);
  await app.mqtt.waitUntilSubscribed();
});
afterAll(async () => {
  await app.close();
});

const env = (): RobotTestEnv => ({
  app,
  brokerUrl: `mqtt://127.0.0.1:${app.brokerPorts!.tcp}`,
  deviceKey: app.secrets.deviceKey,
  // The server's own broker identity is its alone (a random client id per start): observe as a console.
  observer: { username: WEB_BROKER_USERNAME, password: adminToken, clientId: brokerClientId.web(randomBytes(8).toString('hex')) },
});

describe('robot lifecycle', () => robotLifecycleScenario(env));

describe('robot commands and configuration', () => robotCommandScenario(env));

describe('robot events', () => {
  it('writes registrations, alarms, going offline and failed commands to the event log, with the robot’s name', async () => {
    await app.robots.flush();
    await app.eventLog.flush();
    const headers = await app.as(0);
    const response = await app.inject({ method: 'GET', url: '/api/v1/logs?source=robot&robotSn=SCN-SIM&pageSize=all', headers });
    const records: { type: string; robotName: string | null }[] = response.json().data.items;
    const types = records.map((r) => r.type);
    expect(types).toEqual(expect.arrayContaining(['robot_registered', 'alarm_raised', 'alarm_cleared', 'robot_offline']));
    expect(records.find((r) => r.type === 'robot_offline')?.robotName).toBe('Counter 1');
    const failed = await app.inject({ method: 'GET', url: '/api/v1/logs?source=robot&robotSn=SCN-CMD&pageSize=all', headers });
    expect(failed.json().data.items.map((r: { type: string }) => r.type)).toContain('command_failed');
  });
});

describe('robot audit', () => {
  it('records a rename with the robot’s name before it', async () => {
    await app.audit.flush();
    const headers = await app.as(0);
    const list = await app.inject({ method: 'GET', url: '/api/v1/audit?target=robots/SCN-SIM&type=update', headers });
    const renames = list.json().data.items as { id: number }[];
    const detail = await app.inject({ method: 'GET', url: `/api/v1/audit/${renames.at(-1)?.id}`, headers });
    expect(detail.json().data).toMatchObject({ oldValues: { name: 'Kitchen runner' }, newValues: { name: 'Counter 1' } });
  });
});

describe('last track', () => {
  it('is the console’s name of the track the robot reports, kept after it leaves, and filters the list', async () => {
    const admin = await app.as(0);
    const track = await createTrack(app, admin);
    const device = await rawDevice(env(), 'SCN-TRACKED');
    await device.status({ state: 'idle', battery: 80, trackId: track.id });
    await waitForRobot(app, 'SCN-TRACKED', admin, (r) => r.lastTrackName === track.name, 'the track name');
    await device.status({ state: 'idle', battery: 79 });
    await waitForRobot(app, 'SCN-TRACKED', admin, (r) => r.battery === 79, 'the next status');
    const list = await app.inject({
      method: 'GET',
      url: `/api/v1/robots?pageSize=all&q=${encodeURIComponent(track.name)}`,
      headers: admin,
    });
    expect(list.json().data.items.map((r: { sn: string; lastTrackName: string }) => [r.sn, r.lastTrackName])).toEqual([
      ['SCN-TRACKED', track.name],
    ]);
    await device.close();
  });
});

describe('without the broker', () => {
  it('refuses commands, configuration writes and removals with 503 broker_unavailable', async () => {
    const admin = await app.as(0);
    const device = await rawDevice(env(), 'SCN-LAST');
    await device.status({ state: 'idle', battery: 90 });
    await waitForRobot(app, 'SCN-LAST', admin, (r) => r.connection === 'online', 'online');
    await app.mqtt.close();
    for (const [method, url, payload] of [
      ['POST', '/api/v1/robots/SCN-LAST/commands', { command: 'reload_map' }],
      ['DELETE', '/api/v1/robots/SCN-LAST', undefined],
    ] as const) {
      const response = await app.inject({ method, url, headers: admin, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(503);
      expect(response.json()).toMatchObject({ success: false, code: 'broker_unavailable' });
    }
    // Reads still work, and the robot is still there.
    expect((await app.inject({ method: 'GET', url: '/api/v1/robots/SCN-LAST', headers: admin })).statusCode).toBe(200);
    await device.close();
  });
});
