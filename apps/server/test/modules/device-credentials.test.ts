import { CREDENTIAL_COMMAND, topics } from '@railserve/protocol';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helper.ts';
import { closedBy, createKey, createSession, enroll, enrolRobot, signIn } from '../support/enrollment.ts';
import { createTrack } from '../support/tracks.ts';

const lines: string[] = [];
const { app, admin } = useTestApp({}, { logStream: { write: (line) => lines.push(line) } });
let key: string;
const clients: MqttClient[] = [];
const keep = (client: MqttClient | false) => {
  if (!client) throw new Error('expected the broker to accept the sign-in');
  clients.push(client);
  return client;
};
beforeAll(async () => {
  key = (await createKey(app, admin, { sessionId: (await createSession(app, admin)).id, uses: 100 })).key;
});
afterAll(() => {
  for (const c of clients) c.end(true);
});
const post = (url: string) => app.inject({ method: 'POST', url: `/api/v1${url}`, headers: admin });

describe('signing in with a credential of its own', () => {
  it('robot A’s password never opens robot B, nor a controller', async () => {
    const a = await enrolRobot(app, key, 'CR-A');
    await enrolRobot(app, key, 'CR-B');
    expect(await signIn(app, 'CR-B', a.password)).toBe(false);
    expect(await signIn(app, 'track-1', a.password)).toBe(false);
    // Its own identity, but another's client id: refused too.
    expect(await signIn(app, 'CR-A', a.password, 'robot_CR-B')).toBe(false);
    keep(await signIn(app, 'CR-A', a.password));
  });

  it('a controller credential cannot sign in as a robot', async () => {
    const track = await createTrack(app, admin);
    const session = await createSession(app, admin, [track.id]);
    const controllerKey = (await createKey(app, admin, { sessionId: session.id })).key;
    const res = await enroll(app, { enrollmentKey: controllerKey, kind: 'controller', trackId: track.id });
    const credential = res.json().data;
    expect(await signIn(app, 'CR-A', credential.password)).toBe(false);
    keep(await signIn(app, `track-${track.id}`, credential.password));
    // Over HTTP the same credential opens the controller's own track data, and nothing else does.
    const basic = (user: string, password: string) => ({
      authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
    });
    const audio = (headers: { authorization: string }) =>
      app.inject({ method: 'GET', url: `/api/v1/tracks/${track.id}/audio`, headers });
    expect((await audio(basic(`track-${track.id}`, credential.password))).statusCode).toBe(200);
    expect((await audio(basic(`track-${track.id}`, 'wrong-password-0123456789'))).statusCode).toBe(401);
    expect((await audio(basic('CR-A', credential.password))).statusCode).toBe(401);
  });

  it('an enrolled robot no longer opens with the shared key', async () => {
    await enrolRobot(app, key, 'CR-SHARED');
    expect(await signIn(app, 'CR-SHARED', app.secrets.deviceKey)).toBe(false);
  });
});

describe('revocation', () => {
  it('ends the live session at once and refuses later sign-ins, logging a loop once', async () => {
    const credential = await enrolRobot(app, key, 'CR-REV');
    const robot = keep(await signIn(app, 'CR-REV', credential.password));
    const closed = closedBy(robot);
    const res = await post('/robots/CR-REV/credential/revoke');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'revoked' });
    expect(res.body).not.toContain(credential.password);
    await closed;
    const before = lines.filter((l) => l.includes('revoked devices tried to sign in')).length;
    for (let i = 0; i < 30; i++) expect(await signIn(app, 'CR-REV', credential.password)).toBe(false);
    const after = lines.filter((l) => l.includes('revoked devices tried to sign in')).length;
    expect(after - before).toBe(1);
    // Others still sign in meanwhile.
    keep(await signIn(app, 'CR-OTHER', (await enrolRobot(app, key, 'CR-OTHER')).password));
    // Re-enrolling a revoked robot needs an administrator's release first.
    expect((await enroll(app, { enrollmentKey: key, kind: 'robot', sn: 'CR-REV' })).statusCode).toBe(409);
    expect((await post('/robots/CR-REV/credential/allow-reenroll')).statusCode).toBe(200);
    const replaced = await enrolRobot(app, key, 'CR-REV');
    keep(await signIn(app, 'CR-REV', replaced.password));
  });

  it('replacing a robot ends the old one’s session and its password', async () => {
    const old = await enrolRobot(app, key, 'CR-REPL');
    const robot = keep(await signIn(app, 'CR-REPL', old.password));
    expect((await post('/robots/CR-REPL/credential/allow-reenroll')).json().data.state).toBe('reenroll_allowed');
    const closed = closedBy(robot);
    const fresh = await enrolRobot(app, key, 'CR-REPL');
    await closed;
    expect(await signIn(app, 'CR-REPL', old.password)).toBe(false);
    keep(await signIn(app, 'CR-REPL', fresh.password));
  });

  it('answers 404 for an unknown robot and 403 below level 1', async () => {
    expect((await post('/robots/NOBODY/credential/revoke')).statusCode).toBe(404);
    const staff = await app.as(2);
    const res = await app.inject({ method: 'POST', url: '/api/v1/robots/CR-A/credential/revoke', headers: staff });
    expect(res.statusCode).toBe(403);
  });
});

describe('rotation', () => {
  it('sends the new credential on the command topic; both work until the new one is used', async () => {
    const old = await enrolRobot(app, key, 'CR-ROT');
    const robot = keep(await signIn(app, 'CR-ROT', old.password));
    await robot.subscribeAsync(topics.robotCommand('CR-ROT'), { qos: 1 });
    const received = new Promise<{ command: string; args: { username: string; password: string; clientId: string } }>((resolve) =>
      robot.once('message', (_t, payload) => resolve(JSON.parse(payload.toString()))),
    );
    const res = await post('/robots/CR-ROT/credential/rotate');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'enrolled', rotationPending: true });
    const message = await received;
    expect(message.command).toBe(CREDENTIAL_COMMAND);
    expect(message.args).toMatchObject({ username: 'CR-ROT', clientId: 'robot_CR-ROT' });
    robot.end(true);
    // During the grace the old password still opens it…
    (keep(await signIn(app, 'CR-ROT', old.password)) as MqttClient).end(true);
    // …until the device signs in with the new one.
    keep(await signIn(app, 'CR-ROT', message.args.password));
    expect(await signIn(app, 'CR-ROT', old.password)).toBe(false);
    await app.deviceCredentials.flushSignIns();
    const status = await app.inject({ method: 'GET', url: '/api/v1/robots/CR-ROT/credential', headers: admin });
    expect(status.json().data).toMatchObject({ rotationPending: false, lastSignInKind: 'own' });
    expect(lines.join('\n')).not.toContain(message.args.password);
  });

  it('refuses to rotate a robot that is not connected', async () => {
    await enrolRobot(app, key, 'CR-AWAY');
    const res = await post('/robots/CR-AWAY/credential/rotate');
    expect([res.statusCode, res.json().code]).toEqual([409, 'device_offline']);
  });
});

describe('who may send a credential', () => {
  it('a controller that drives a robot may not send it a credential', async () => {
    const robot = keep(await signIn(app, 'CR-DRIVEN', app.secrets.deviceKey));
    const status = { sn: 'CR-DRIVEN', state: 'idle', battery: 90, trackId: 77, alarms: [], ts: new Date().toISOString() };
    await robot.publishAsync(topics.robotStatus('CR-DRIVEN'), JSON.stringify(status), { qos: 1, retain: true });
    await expect.poll(() => app.robots.trackOf('CR-DRIVEN')).toBe(77);
    const controller = keep(await signIn(app, 'track-77', app.secrets.deviceKey));
    const command = (name: string) =>
      JSON.stringify({ id: 'x', command: name, args: { password: 'p' }, ts: new Date().toISOString() });
    await controller.publishAsync(topics.robotCommand('CR-DRIVEN'), command('goto'), { qos: 1 });
    const closed = closedBy(controller);
    controller.publish(topics.robotCommand('CR-DRIVEN'), command(CREDENTIAL_COMMAND), { qos: 1 });
    await closed;
  });
});

describe('moving off the shared key', () => {
  it('counts devices on it, moves them to their own credential, and can switch it off', async () => {
    const shared = keep(await signIn(app, 'SK-1', app.secrets.deviceKey));
    await shared.subscribeAsync(topics.robotCommand('SK-1'), { qos: 1 });
    const status = async () =>
      (await app.inject({ method: 'GET', url: '/api/v1/devices/shared-key', headers: admin })).json().data;
    await app.deviceCredentials.flushSignIns();
    expect((await status()).devices).toBeGreaterThanOrEqual(1);
    const received = new Promise<{ args: { password: string } }>((resolve) =>
      shared.once('message', (_t, payload) => resolve(JSON.parse(payload.toString()))),
    );
    const moved = await post('/devices/shared-key/migrate');
    expect(moved.json().data.sent).toBeGreaterThanOrEqual(1);
    const { args } = await received;
    shared.end(true);
    keep(await signIn(app, 'SK-1', args.password));
    expect(await signIn(app, 'SK-1', app.secrets.deviceKey)).toBe(false);
    const list = await app.inject({ method: 'GET', url: '/api/v1/devices/credentials?kind=robot', headers: admin });
    expect(list.json().data.items.find((i: { identity: string }) => i.identity === 'SK-1')).toMatchObject({ state: 'enrolled' });
    expect(list.body).not.toContain(args.password);

    keep(await signIn(app, 'SK-2', app.secrets.deviceKey));
    const off = await app.inject({
      method: 'PUT',
      url: '/api/v1/devices/shared-key',
      headers: admin,
      payload: { enabled: false },
    });
    expect(off.json().data).toMatchObject({ configured: true, enabled: false });
    expect(await signIn(app, 'SK-3', app.secrets.deviceKey)).toBe(false);
    await app.inject({ method: 'PUT', url: '/api/v1/devices/shared-key', headers: admin, payload: { enabled: true } });
    keep(await signIn(app, 'SK-3', app.secrets.deviceKey));
  });
});
