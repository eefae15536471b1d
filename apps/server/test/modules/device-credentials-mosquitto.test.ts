import { randomBytes } from 'node:crypto';
import { CREDENTIAL_COMMAND, topics } from '@railserve/protocol';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BROKER_USERNAME } from '../../src/broker/acl.ts';
import { buildTestApp, type TestApp } from '../helper.ts';
import { grantedQos } from '../support/broker-clients.ts';
import { closedBy, createKey, createSession, enroll, enrolRobot, signInAt } from '../support/enrollment.ts';
import { freePort, type Mosquitto, requireMosquitto, startMosquitto } from '../support/mosquitto.ts';
import { createTrack } from '../support/tracks.ts';

// Enrolled devices on a real Mosquitto with the shipped dynamic security setup: each is a client
// of its own there, created at enrollment, disabled at revocation, given the new password at rotation.
let mosquitto: Mosquitto;
let app: TestApp;
let admin: { authorization: string };
let key: string;
const serverPassword = randomBytes(12).toString('hex');
const clients: MqttClient[] = [];
const signIn = async (username: string, password: string, clientId?: string) => {
  const client = await signInAt(mosquitto.url, username, password, clientId);
  if (client) clients.push(client);
  return client;
};
const keep = (client: MqttClient | false) => {
  if (!client) throw new Error('expected Mosquitto to accept the sign-in');
  return client;
};
const post = (url: string) => app.inject({ method: 'POST', url: `/api/v1${url}`, headers: admin });

describe('enrolled devices on Mosquitto with dynamic security', () => {
  beforeAll(async () => {
    requireMosquitto({ dynamicSecurity: true });
    const port = await freePort();
    app = await buildTestApp({
      mqttUrl: `mqtt://${SERVER_BROKER_USERNAME}:${serverPassword}@127.0.0.1:${port}`,
      mqttDynamicSecurity: true,
    });
    // MQ-FILE is a robot of the password file (the shared key), as before enrollment existed.
    mosquitto = await startMosquitto({ [SERVER_BROKER_USERNAME]: serverPassword, 'MQ-FILE': app.secrets.deviceKey }, port, {
      dynamicSecurity: true,
    });
    await app.mqtt.waitUntilSubscribed();
    admin = await app.as(0);
    key = (await createKey(app, admin, { sessionId: (await createSession(app, admin)).id, uses: 50 })).key;
  });
  afterAll(async () => {
    for (const client of clients) client.end(true);
    await app?.close();
    await mosquitto?.stop();
  });

  it('opens an enrolled robot with its own credential, its own topics only; robot A’s password never opens B', async () => {
    const a = await enrolRobot(app, key, 'MQ-A');
    const b = await enrolRobot(app, key, 'MQ-B');
    expect(await signIn('MQ-B', a.password)).toBe(false);
    expect(await signIn('MQ-A', b.password)).toBe(false);
    // Its own password, but another robot's client id: refused.
    expect(await signIn('MQ-A', a.password, 'robot_MQ-B')).toBe(false);
    const robotA = keep(await signIn('MQ-A', a.password));
    const own = [topics.robotCommand('MQ-A'), topics.robotConfig('MQ-A', '+'), topics.trackMap('+')];
    expect(await grantedQos(robotA, own)).not.toContain(128);
    const others = [topics.robotCommand('MQ-B'), topics.robotStatus('+'), '#', '$CONTROL/dynamic-security/#'];
    expect(await grantedQos(robotA, others)).toEqual(others.map(() => 128));
    // What it publishes on its own status reaches the server; on B's it does not.
    const watcher = keep(await signIn(SERVER_BROKER_USERNAME, serverPassword, `watcher-${randomBytes(4).toString('hex')}`));
    await watcher.subscribeAsync('hcpro4/robots/+/status', { qos: 1 });
    const seen: string[] = [];
    const marker = new Promise<void>((resolve) =>
      watcher.on('message', (topic) => (topic === topics.robotStatus('MQ-A') ? resolve() : seen.push(topic))),
    );
    await robotA.publishAsync(topics.robotStatus('MQ-B'), '{"sn":"MQ-B"}', { qos: 1 });
    await robotA.publishAsync(topics.robotStatus('MQ-A'), '{"sn":"MQ-A"}', { qos: 1 });
    await marker;
    expect(seen).toEqual([]);
  });

  it('opens an enrolled controller with its own track’s topics', async () => {
    const track = await createTrack(app, admin);
    const session = await createSession(app, admin, [track.id]);
    const controllerKey = (await createKey(app, admin, { sessionId: session.id })).key;
    const res = await enroll(app, { enrollmentKey: controllerKey, kind: 'controller', trackId: track.id });
    const { username, password } = res.json().data;
    expect(username).toBe(`track-${track.id}`);
    const controller = keep(await signIn(username, password));
    const own = [topics.trackCommand(track.id), topics.trackMap(track.id), topics.robotStatus('+')];
    expect(await grantedQos(controller, own)).not.toContain(128);
    expect(await grantedQos(controller, [topics.trackCommand(track.id + 1)])).toEqual([128]);
    expect(await signIn('MQ-A', password)).toBe(false);
  });

  it('revocation ends the live session and refuses later sign-ins, also for a password-file robot', async () => {
    const credential = await enrolRobot(app, key, 'MQ-REV');
    const robot = keep(await signIn('MQ-REV', credential.password));
    const closed = closedBy(robot);
    expect((await post('/robots/MQ-REV/credential/revoke')).statusCode).toBe(200);
    await closed;
    expect(await signIn('MQ-REV', credential.password)).toBe(false);

    const fileRobot = keep(await signIn('MQ-FILE', app.secrets.deviceKey));
    const status = { sn: 'MQ-FILE', state: 'idle', battery: 90, alarms: [], ts: new Date().toISOString() };
    await fileRobot.publishAsync(topics.robotStatus('MQ-FILE'), JSON.stringify(status), { qos: 1 });
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/api/v1/robots/MQ-FILE', headers: admin })).statusCode)
      .toBe(200);
    const fileClosed = closedBy(fileRobot);
    expect((await post('/robots/MQ-FILE/credential/revoke')).statusCode).toBe(200);
    await fileClosed;
    expect(await signIn('MQ-FILE', app.secrets.deviceKey)).toBe(false);

    // Replacing the revoked robot: released, enrolled again, the new device's password opens it.
    expect((await post('/robots/MQ-REV/credential/allow-reenroll')).statusCode).toBe(200);
    const replaced = await enrolRobot(app, key, 'MQ-REV');
    keep(await signIn('MQ-REV', replaced.password));
    expect(await signIn('MQ-REV', credential.password)).toBe(false);
    expect(app.deviceBrokerClients.pending()).toBe(0);
  });

  it('rotation: the old password works until the device acks its new one, then only the new one', async () => {
    const old = await enrolRobot(app, key, 'MQ-ROT');
    const robot = keep(await signIn('MQ-ROT', old.password));
    await robot.subscribeAsync(topics.robotCommand('MQ-ROT'), { qos: 1 });
    const received = new Promise<{ id: string; command: string; args: { password: string } }>((resolve) =>
      robot.once('message', (_t, payload) => resolve(JSON.parse(payload.toString()))),
    );
    const res = await post('/robots/MQ-ROT/credential/rotate');
    expect(res.json().data).toMatchObject({ rotationPending: true });
    const message = await received;
    expect(message.command).toBe(CREDENTIAL_COMMAND);
    // Before the ack the broker still holds the old password: a second connection with it works.
    const again = keep(await signIn('MQ-ROT', old.password, 'robot_MQ-ROT'));
    const closed = closedBy(again);
    await again.subscribeAsync(topics.robotCommand('MQ-ROT'), { qos: 1 });
    const ack = { id: message.id, ok: true, ts: new Date().toISOString() };
    await again.publishAsync(topics.robotAck('MQ-ROT'), JSON.stringify(ack), { qos: 1 });
    // The ack gives the broker the new password, which ends the old session.
    await closed;
    keep(await signIn('MQ-ROT', message.args.password));
    expect(await signIn('MQ-ROT', old.password)).toBe(false);
    await expect
      .poll(
        async () => (await app.inject({ method: 'GET', url: '/api/v1/robots/MQ-ROT/credential', headers: admin })).json().data,
      )
      .toMatchObject({ rotationPending: false });
  });
});
