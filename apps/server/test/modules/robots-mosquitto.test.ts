import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BROKER_USERNAME } from '../../src/broker/acl.ts';
import { buildTestApp, type TestApp } from '../helper.ts';
import { freePort, type Mosquitto, requireMosquitto, startMosquitto } from '../support/mosquitto.ts';
import { robotCommandScenario } from '../support/robot-command-scenario.ts';
import { robotLifecycleScenario } from '../support/robot-scenario.ts';
import { ROBOT_TEST_CONFIG, type RobotTestEnv, rawDevice, SCENARIO_SNS, waitFor, waitForRobot } from '../support/robots.ts';
import { startSecondInstance } from '../support/second-instance.ts';

// The robots scenario against a real Mosquitto (MQTT_URL), with the shipped ACL (deploy/mosquitto/acl).
let mosquitto: Mosquitto;
let app: TestApp;
const serverPassword = randomBytes(12).toString('hex');

// Missing Mosquitto fails this test (and the suite below), never skips it.
it('finds Mosquitto installed', () => requireMosquitto());

describe('on a real Mosquitto', () => {
  beforeAll(async () => {
    requireMosquitto();
    const port = await freePort();
    app = await buildTestApp({
      ...ROBOT_TEST_CONFIG,
      mqttUrl: `mqtt://${SERVER_BROKER_USERNAME}:${serverPassword}@127.0.0.1:${port}`,
    });
    const devices = Object.fromEntries(SCENARIO_SNS.map((sn) => [sn, app.secrets.deviceKey]));
    mosquitto = await startMosquitto({ [SERVER_BROKER_USERNAME]: serverPassword, ...devices }, port);
    await app.mqtt.waitUntilSubscribed();
  });
  afterAll(async () => {
    await app?.close();
    await mosquitto?.stop();
  });

  const env = (): RobotTestEnv => ({
    app,
    brokerUrl: mosquitto.url,
    deviceKey: app.secrets.deviceKey,
    observer: { username: SERVER_BROKER_USERNAME, password: serverPassword },
  });

  describe('robot lifecycle on Mosquitto', () => robotLifecycleScenario(env));

  describe('robot commands and configuration on Mosquitto', () => robotCommandScenario(env));

  describe('the shipped ACL', () => {
    it('keeps a robot off other robots’ topics and out without the device key', async () => {
      const rogue = await rawDevice(env(), 'SCN-ROGUE');
      await rogue.publish('hcpro4/robots/SCN-OTHER/status', {
        sn: 'SCN-OTHER',
        state: 'idle',
        battery: 50,
        ts: new Date().toISOString(),
      });
      await new Promise((r) => setTimeout(r, 500));
      expect((await app.inject({ method: 'GET', url: '/api/v1/robots/SCN-OTHER', headers: await app.as(3) })).statusCode).toBe(
        404,
      );
      await rogue.close();
      await expect(rawDevice({ ...env(), deviceKey: 'wrong-key' }, 'SCN-ROGUE')).rejects.toThrow();
    });
  });

  describe('two server instances on one Mosquitto', () => {
    let second: FastifyInstance;
    beforeAll(async () => {
      second = await startSecondInstance(app);
      await second.mqtt.waitUntilSubscribed();
    });
    afterAll(async () => {
      await second?.close();
    });

    it('handle each status once in total, through the shared subscription', async () => {
      // Count this robot's statuses only: robots of earlier scenarios may still be heartbeating.
      const fromFirst = countStatuses(app, 'SCN-TWO');
      const fromSecond = countStatuses(second, 'SCN-TWO');
      const handled = () => fromFirst() + fromSecond();
      const device = await rawDevice(env(), 'SCN-TWO');
      for (let i = 0; i < 20; i++) await device.status({ state: 'idle', battery: 40 + i });
      // The last status is clearly the newest, whichever instance writes it.
      await new Promise((r) => setTimeout(r, 200));
      await device.status({ state: 'idle', battery: 99 });
      await waitFor(() => handled() >= 21 || undefined, '21 statuses handled');
      // Nothing arrives twice: a duplicate would come right behind the original.
      await new Promise((r) => setTimeout(r, 300));
      expect(handled()).toBe(21);
      expect(fromFirst()).toBeGreaterThan(0);
      expect(fromSecond()).toBeGreaterThan(0);
      // Both instances write; the newest status wins in the shared database.
      await waitForRobot(app, 'SCN-TWO', await app.as(3), (r) => r.battery === 99, 'the last status');
      await device.close();
    });

    it('answer a command sent through one instance by its ack, whichever instance wrote it, and log it once', async () => {
      const device = await rawDevice(env(), 'SCN-ACK', (command) =>
        command === 'goto' ? { ok: false, error: 'point unreachable' } : { ok: true },
      );
      await device.status({ state: 'idle', battery: 70 });
      const admin = await app.as(0);
      await waitForRobot(app, 'SCN-ACK', admin, (r) => r.connection === 'online', 'online');
      // Shared subscriptions hand messages out in turn; several commands make both instances see acks first.
      for (let i = 0; i < 6; i++) {
        const refused = i % 2 === 1;
        const started = Date.now();
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/robots/SCN-ACK/commands?wait=true',
          headers: admin,
          payload: refused ? { command: 'goto', args: { point: 3 } } : { command: 'lid', args: { open: true } },
        });
        expect(res.json().data).toMatchObject(
          refused ? { status: 'failed', error: 'point unreachable' } : { status: 'acknowledged' },
        );
        // Answered by the ack, not by the command's timeout finding it answered.
        expect(Date.now() - started).toBeLessThan(app.config.commandTimeoutMs);
      }
      await device.close();
      const failures = async () =>
        (await app.inject({ method: 'GET', url: '/api/v1/logs?robotSn=SCN-ACK&type=command_failed', headers: admin })).json().data
          .total as number;
      await waitFor(async () => (await failures()) >= 3 || undefined, 'three failed commands logged');
      await new Promise((r) => setTimeout(r, 300));
      expect(await failures()).toBe(3);
    });
  });
});

/** How many statuses of robot `sn` this server instance has handled from now on. */
function countStatuses(server: FastifyInstance, sn: string) {
  let count = 0;
  const status = server.robots.status.bind(server.robots);
  server.robots.status = (payload, heardAt) => {
    if (payload.sn === sn) count++;
    status(payload, heardAt);
  };
  return () => count;
}
