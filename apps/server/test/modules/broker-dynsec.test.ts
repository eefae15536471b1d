import { randomBytes } from 'node:crypto';
import { consoleReadTopics, topics } from '@railserve/protocol';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BROKER_USERNAME } from '../../src/broker/acl.ts';
import { parseConsoleUsername } from '../../src/modules/auth/broker-accounts.ts';
import { revokeTokens } from '../../src/modules/users/repository.ts';
import { buildTestApp, FIXTURE_PASSWORD, type TestApp } from '../helper.ts';
import { grantedQos } from '../support/broker-clients.ts';
import { brokerAccountOf, closedByBroker, collectUntilMarker, consoleClients } from '../support/console-accounts.ts';
import { freePort, type Mosquitto, requireMosquitto, startMosquitto } from '../support/mosquitto.ts';
import { rawDevice, waitFor, waitForRobot } from '../support/robots.ts';

// Live consoles on a real Mosquitto with the shipped dynamic security setup (deploy/mosquitto/):
// the server makes a short-lived account per console, devices keep the password file and ACL.
let mosquitto: Mosquitto;
let app: TestApp;
let admin: { authorization: string };
const serverPassword = randomBytes(12).toString('hex');
const ROBOTS = ['DYN-1', 'DYN-2'];
const clients = consoleClients(() => ({ tcp: mosquitto.port, ws: mosquitto.wsPort! }));
const observer = () => clients.observer(SERVER_BROKER_USERNAME, serverPassword);
const deviceEnv = () => ({
  app,
  brokerUrl: mosquitto.url,
  deviceKey: app.secrets.deviceKey,
  observer: { username: SERVER_BROKER_USERNAME, password: serverPassword },
});
const refused = (connecting: Promise<MqttClient>) => expect(connecting).rejects.toThrow(/authori[sz]ed|bad user/i);

// Missing Mosquitto or its plugin fails this test (and the suite below), never skips it.
it('finds Mosquitto and its dynamic security plugin installed', () => requireMosquitto({ dynamicSecurity: true }));

describe('live consoles on Mosquitto with dynamic security', () => {
  beforeAll(async () => {
    requireMosquitto({ dynamicSecurity: true });
    const port = await freePort();
    app = await buildTestApp({
      mqttUrl: `mqtt://${SERVER_BROKER_USERNAME}:${serverPassword}@127.0.0.1:${port}`,
      mqttDynamicSecurity: true,
    });
    const devices = Object.fromEntries(ROBOTS.map((sn) => [sn, app.secrets.deviceKey]));
    mosquitto = await startMosquitto({ [SERVER_BROKER_USERNAME]: serverPassword, ...devices }, port, {
      dynamicSecurity: true,
      websockets: true,
    });
    await app.mqtt.waitUntilSubscribed();
    admin = await app.as(0);
  });
  afterAll(async () => {
    await clients.endAll();
    await app?.close();
    await mosquitto?.stop();
  });

  it('gives each console an account of its own, held to its client id, with its level’s read topics', async () => {
    const level0 = await brokerAccountOf(app, await app.as(0));
    const level3 = await brokerAccountOf(app, await app.as(3));
    for (const account of [level0, level3]) {
      expect(account.username).toMatch(/^console-/);
      expect(account.clientId).toMatch(/^frontend_[0-9a-f]{8}$/);
    }
    expect(level0.username).not.toBe(level3.username);
    const console0 = await clients.console(level0);
    const console3 = await clients.console(level3);
    expect(await grantedQos(console0, consoleReadTopics(0))).not.toContain(128);
    expect(await grantedQos(console3, consoleReadTopics(3))).not.toContain(128);
    expect(await grantedQos(console3, ['hcpro4/logs/+', 'hcpro4/logs/robot'])).toEqual([128, 128]);
    // What no console reads: other system messages, commands, maps, everything, the plugin's topics.
    const never = ['#', 'hcpro4/system/+', 'HCP4/+/cmd', 'HCP4/track/1/map', '$CONTROL/dynamic-security/#'];
    expect(await grantedQos(console0, never)).toEqual(never.map(() => 128));
    // Another client id, even a console-shaped one, is refused.
    await refused(clients.console(level0, 'frontend_00000000'));

    // Live state flows: a robot's status reaches the level-3 console.
    const robot = await rawDevice(deviceEnv(), ROBOTS[0]);
    const status = new Promise<string>((resolve) =>
      console3.on('message', (topic, payload) => topic === topics.robotStatus(ROBOTS[0]) && resolve(payload.toString())),
    );
    await robot.status({ state: 'idle', battery: 80 });
    expect(JSON.parse(await status)).toMatchObject({ sn: ROBOTS[0], battery: 80 });
    await robot.close();
  });

  it('needs a valid session: no token, a bad one or an ended one get no account', async () => {
    const url = '/api/v1/me/broker-account';
    expect((await app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const bad = await app.inject({ method: 'POST', url, headers: { authorization: 'Bearer not.a.token' } });
    expect(bad.statusCode).toBe(401);
    const garbage = await app.inject({ method: 'POST', url, headers: { authorization: 'Basic %%%' } });
    expect(garbage.statusCode).toBe(401);
    const user = await app.as(2);
    await app.inject({ method: 'PUT', url: `/api/v1/users/${user.id}`, headers: admin, payload: { password: 'fresh-pass1' } });
    const after = await app.inject({ method: 'POST', url, headers: user });
    expect(after.statusCode).toBe(401);
  });

  it('lets a console send system messages, but no commands, no system status, no plugin commands', async () => {
    const account = await brokerAccountOf(app, await app.as(0));
    const console0 = await clients.console(account);
    const watcher = await observer();
    await watcher.subscribeAsync(['HCP4/+/cmd', 'hcpro4/system/+'], { qos: 1 });
    const seen = collectUntilMarker(watcher, 'hcpro4/system/marker');
    const send = (topic: string, payload: string, retain = false) => console0.publishAsync(topic, payload, { qos: 1, retain });
    await send(topics.robotCommand(ROBOTS[1]), '{"id":"forged","command":"restart"}');
    await send(topics.systemStatus, '{"source":"frontend","forged":true}', true);
    const intruder = { username: 'intruder', password: 'intruder-pass' };
    await send('$CONTROL/dynamic-security/v1', JSON.stringify({ commands: [{ command: 'createClient', ...intruder }] }));
    await send('hcpro4/system/announce', '{"source":"frontend","hello":true}');
    await send('hcpro4/system/marker', 'marker');
    const payloads = (await seen).map((m) => `${m.topic} ${m.payload}`);
    expect(payloads.some((p) => p.includes('forged'))).toBe(false);
    expect(payloads).toContain('hcpro4/system/announce {"source":"frontend","hello":true}');
    await refused(clients.console({ ...intruder, clientId: 'intruder' }));
  });

  it('clears a retained message a console leaves on a system topic: nobody is handed it later', async () => {
    const console1 = await clients.console(await brokerAccountOf(app, await app.as(1)));
    await console1.publishAsync('hcpro4/system/leftover', 'left-behind', { qos: 1, retain: true });
    const sender = await observer();
    // A fresh subscriber gets the retained message first, if there is one, then the marker.
    const firstOnSubscribe = async () => {
      const fresh = await observer();
      await fresh.subscribeAsync('hcpro4/system/leftover', { qos: 1 });
      const seen = collectUntilMarker(fresh, 'hcpro4/system/leftover');
      await sender.publishAsync('hcpro4/system/leftover', 'marker', { qos: 1 });
      const [first] = await seen;
      await fresh.endAsync();
      return first.payload === 'marker' || undefined;
    };
    await waitFor(firstOnSubscribe, 'the retained message cleared');
  });

  const revocations: [string, (user: { authorization: string; id: number }) => Promise<unknown>][] = [
    ['sign-out', (user) => app.inject({ method: 'POST', url: '/api/v1/logout', headers: user })],
    [
      'a new own password',
      (user) =>
        app.inject({
          method: 'PUT',
          url: '/api/v1/me/password',
          headers: user,
          payload: { currentPassword: FIXTURE_PASSWORD, password: 'another-pass1' },
        }),
    ],
    ['a password set by an administrator', (user) => editUser(user.id, { password: 'another-pass1' })],
    ['deactivation', (user) => editUser(user.id, { status: 'inactive' })],
    ['a level change', (user) => editUser(user.id, { permission: 3 })],
    ['deletion', (user) => app.inject({ method: 'DELETE', url: `/api/v1/users/${user.id}`, headers: admin })],
  ];
  const editUser = (id: number, payload: object) =>
    app.inject({ method: 'PUT', url: `/api/v1/users/${id}`, headers: admin, payload });

  for (const [what, revoke] of revocations) {
    it(`ends the console's live connection and its credentials on ${what}`, async () => {
      const user = await app.as(2);
      const account = await brokerAccountOf(app, user);
      const live = await clients.console(account);
      const closed = closedByBroker(live);
      const answer = (await revoke(user)) as { statusCode: number; body: string };
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      await closed;
      await refused(clients.console(account));
    });
  }

  it('gives a new level’s role after a level change', async () => {
    const user = await app.as(2, 'relevelled');
    await editUser(user.id, { permission: 3 });
    const console3 = await clients.console(await brokerAccountOf(app, await app.login('relevelled', FIXTURE_PASSWORD)));
    expect(await grantedQos(console3, ['hcpro4/logs/+', 'hcpro4/robots/+/status'])).toEqual([128, 0]);
  });

  it('sweeps expired accounts, and only those', async () => {
    const soon = await app.as(2);
    const later = await app.as(2);
    const laterToken = await app.jwt.sign(
      { sub: String(later.id), username: 'later', permission: 2, ver: 0 },
      { expiresIn: app.config.tokenTtlSeconds + 3600 },
    );
    const expiring = await brokerAccountOf(app, soon);
    const staying = await brokerAccountOf(app, { authorization: `Bearer ${laterToken}` });
    const expiringLive = await clients.console(expiring);
    const stayingLive = await clients.console(staying);
    const closed = closedByBroker(expiringLive);
    expect(await app.brokerAccounts.sweep(parseConsoleUsername(expiring.username)!.expiresAt)).toBeGreaterThanOrEqual(1);
    await closed;
    await refused(clients.console(expiring));
    // The other account is untouched: its connection still answers and its credentials still work.
    expect(await grantedQos(stayingLive, [topics.systemStatus])).toEqual([0]);
    await (await clients.console(staying)).endAsync();
  });

  it('sweeps an account whose user’s tokens ended without the server hearing of it', async () => {
    const user = await app.as(2);
    const live = await clients.console(await brokerAccountOf(app, user));
    const closed = closedByBroker(live);
    // As admin:reset or another process would: the token version moves in the database only.
    await revokeTokens(app.database.db, user.id);
    expect(await app.brokerAccounts.sweep()).toBeGreaterThanOrEqual(1);
    await closed;
  });

  it('keeps at most 16 accounts per user: the oldest make room', async () => {
    const user = await app.as(2);
    const accounts = [];
    for (let i = 0; i < 17; i++) accounts.push(await brokerAccountOf(app, user));
    let working = 0;
    for (const account of accounts)
      working += await clients.console(account).then(
        (c) => c.endAsync().then(() => 1),
        () => 0,
      );
    expect(working).toBe(16);
  });

  it('still lets devices in through the password file and ACL, with their own topics only', async () => {
    const env = deviceEnv();
    const robot = await rawDevice(env, ROBOTS[1]);
    await robot.status({ state: 'idle', battery: 55 });
    await waitForRobot(app, ROBOTS[1], admin, (r) => r.battery === 55, 'registered through Mosquitto');
    await robot.client.subscribeAsync([topics.robotCommand(ROBOTS[0]), topics.robotCommand(ROBOTS[1])], { qos: 1 });
    const seen = collectUntilMarker(robot.client, topics.robotCommand(ROBOTS[1]));
    const server = await observer();
    await server.publishAsync(topics.robotCommand(ROBOTS[0]), 'not yours', { qos: 1 });
    await server.publishAsync(topics.robotCommand(ROBOTS[1]), 'yours', { qos: 1 });
    expect((await seen).map((m) => m.payload)).toEqual(['yours']);
    await robot.close();
    await expect(rawDevice({ ...env, deviceKey: 'wrong-key' }, ROBOTS[0])).rejects.toThrow();
    // A console-shaped name with the device key is nobody.
    await expect(rawDevice(env, 'console-1-0-9999999999-abcdabcd')).rejects.toThrow();
    await waitFor(() => app.mqtt.connected || undefined, 'the server still connected');
  });
});
