import { connect as connectTcp, type Socket } from 'node:net';
import { BROKER_LIMITS, brokerClientId } from '@railserve/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BROKER_USERNAME } from '../../src/broker/acl.ts';
import { buildTestApp, type TestApp } from '../helper.ts';
import { brokerClients, closed, connected, webClientId } from '../support/broker-clients.ts';
import { connectHeader } from '../support/broker-security.ts';

// Client ids are tied to identities, packets and connections are capped: nobody can knock a
// robot (or the server) off by reusing its client id, or exhaust memory before signing in.
let app: TestApp;
let token: string;
const mqtt = brokerClients(() => app);
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  token = (await app.as(0)).authorization.slice('Bearer '.length);
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await mqtt.endAll();
  await app.close();
});

function rawSocket() {
  const socket = connectTcp(app.brokerPorts!.tcp, '127.0.0.1');
  socket.on('error', () => {});
  sockets.push(socket);
  return socket;
}
const socketClosed = (socket: Socket) =>
  new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

describe('client ids belong to identities', () => {
  it('refuses ids that are not the identity its own', async () => {
    expect(await connected(mqtt.robot('ID-1', 'robot_ID-2'))).toBe(false);
    expect(await connected(mqtt.robot('ID-1', 'mqttjs_1234'))).toBe(false);
    expect(await connected(mqtt.controller(4, 'track_5'))).toBe(false);
    expect(await connected(mqtt.browser(token, 'robot_ID-1'))).toBe(false);
    expect(await connected(mqtt.browser(token, 'frontend_not-hex!'))).toBe(false);
    expect(
      await connected(mqtt.connect(SERVER_BROKER_USERNAME, app.secrets.serverBrokerPassword, { clientId: 'railserve-server-1' })),
    ).toBe(false);
    expect(await connected(mqtt.robot('ID-1'))).toBe(true);
    expect(await connected(mqtt.controller(4))).toBe(true);
    expect(await connected(mqtt.browser(token))).toBe(true);
  });

  it("refuses a takeover with another's client id, and the victim stays connected", async () => {
    const victim = mqtt.robot('VICTIM-1');
    expect(await connected(victim)).toBe(true);
    // Another robot with the victim's id is not itself; a browser may not use robot ids at all.
    expect(await connected(mqtt.robot('THIEF-1', brokerClientId.robot('VICTIM-1')))).toBe(false);
    expect(await connected(mqtt.browser(token, brokerClientId.robot('VICTIM-1')))).toBe(false);
    // A browser id held by one user cannot be taken by another user.
    const id = webClientId();
    const console1 = mqtt.browser(token, id);
    expect(await connected(console1)).toBe(true);
    const other = (await app.as(3)).authorization.slice('Bearer '.length);
    expect(await connected(mqtt.browser(other, id))).toBe(false);
    await new Promise((r) => setTimeout(r, 200));
    expect(victim.connected).toBe(true);
    expect(console1.connected).toBe(true);
    // The server's own session is still there and working.
    expect(app.mqtt.connected).toBe(true);
  });

  it('lets a robot take over its own stale session', async () => {
    const first = mqtt.robot('RECONNECT-1');
    expect(await connected(first)).toBe(true);
    const second = mqtt.robot('RECONNECT-1');
    expect(await connected(second)).toBe(true);
    await closed(first);
    expect(second.connected).toBe(true);
  });

  it('caps the connections of one identity', async () => {
    const user = (await app.as(3)).authorization.slice('Bearer '.length);
    const open = [];
    for (let i = 0; i < BROKER_LIMITS.connectionsPerIdentity; i++) open.push(mqtt.browser(user));
    expect(await Promise.all(open.map(connected))).toEqual(open.map(() => true));
    expect(await connected(mqtt.browser(user))).toBe(false);
  });
});

describe('packet and connection limits', () => {
  it('closes a connection whose CONNECT declares more than the limit, without buffering it', async () => {
    const socket = rawSocket();
    await new Promise((resolve) => socket.once('connect', resolve));
    const chunk = Buffer.alloc(1024 * 1024, 0x41);
    const before = process.memoryUsage().arrayBuffers;
    socket.write(connectHeader(64 * 1024 * 1024));
    for (let i = 0; i < 16 && !socket.destroyed; i++) socket.write(chunk);
    await socketClosed(socket);
    // Had the broker kept the 16 MiB it was sent, this process would hold them.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(8 * 1024 * 1024);
  });

  it('closes a robot that publishes more than the device cap; the server never sees it', async () => {
    const robot = mqtt.robot('BIG-1');
    expect(await connected(robot)).toBe(true);
    const big = JSON.stringify({ sn: 'BIG-1', ts: new Date().toISOString(), name: 'x'.repeat(BROKER_LIMITS.devicePacketBytes) });
    robot.publish('hcpro4/robots/BIG-1/status', big, { qos: 0, retain: true });
    await closed(robot);
    expect(app.robots.trackOf('BIG-1')).toBeUndefined();
  });

  it('closes a connection that does not sign in in time', async () => {
    const socket = rawSocket();
    await socketClosed(socket);
    expect(socket.destroyed).toBe(true);
  }, 30_000);

  it('refuses connections beyond the number allowed to be signing in at once', async () => {
    // One more than allowed: whichever the broker sees last is closed at once, long before the sign-in timeout.
    const waiting = Array.from({ length: BROKER_LIMITS.unauthenticatedConnections + 1 }, () => rawSocket());
    await Promise.race(waiting.map(socketClosed));
    expect(waiting.filter((s) => s.destroyed)).toHaveLength(1);
    for (const socket of waiting) socket.destroy();
  }, 30_000);
});
