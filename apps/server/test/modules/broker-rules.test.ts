import { topics } from '@railserve/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.ts';
import { brokerClients, closed, collect, connected, grantedQos } from '../support/broker-clients.ts';
import { onTrack } from '../support/broker-security.ts';
import { waitFor } from '../support/robots.ts';

// Browser sessions follow their account; retained messages only where DESIGN section 4 keeps them;
// a controller commands only its own track's robots; an ack counts only from the command's target.
let app: TestApp;
let admin: { authorization: string; id: number };
const mqtt = brokerClients(() => app);
const bare = (headers: { authorization: string }) => headers.authorization.slice('Bearer '.length);

beforeAll(async () => {
  app = await buildTestApp({ commandTimeoutMs: 60_000 });
  admin = await app.as(0);
  await app.mqtt.waitUntilSubscribed();
});
afterAll(async () => {
  await mqtt.endAll();
  await app.close();
});

async function robotOnTrack(sn: string, trackId: number) {
  const robot = mqtt.robot(sn);
  expect(await connected(robot)).toBe(true);
  await robot.publishAsync(topics.robotStatus(sn), JSON.stringify(onTrack(sn, trackId)), { qos: 1, retain: true });
  await waitFor(() => app.robots.trackOf(sn) === trackId || undefined, `${sn} on track ${trackId}`);
  // Registered too (written in the robots' next batch), so commands to it are accepted.
  await waitFor(
    async () =>
      (await app.inject({ method: 'GET', url: `/api/v1/robots/${sn}`, headers: admin })).statusCode === 200 || undefined,
    `${sn} registered`,
  );
  return robot;
}

describe('browser sessions follow the account', () => {
  it('gives each level the live topics its HTTP permissions give it: level 3 gets no device logs', async () => {
    for (const level of [0, 1, 2, 3] as const) {
      const browser = mqtt.browser(bare(await app.as(level)));
      expect(await connected(browser)).toBe(true);
      const [status, logs] = await grantedQos(browser, ['hcpro4/robots/+/status', 'hcpro4/logs/+']);
      expect(status, `level ${level}`).toBe(0);
      expect(logs, `level ${level}`).toBe(level === 3 ? 128 : 0);
    }
  });

  it('refuses a revoked token at connect', async () => {
    const user = await app.as(2);
    await app.inject({ method: 'POST', url: '/api/v1/logout', headers: user });
    expect(await connected(mqtt.browser(bare(user)))).toBe(false);
  });

  for (const [what, end] of [
    ['logs out', (user: { authorization: string }) => app.inject({ method: 'POST', url: '/api/v1/logout', headers: user })],
    [
      'is deactivated',
      (user: { id: number }) =>
        app.inject({ method: 'PUT', url: `/api/v1/users/${user.id}`, headers: admin, payload: { status: 'inactive' } }),
    ],
    [
      'is demoted',
      (user: { id: number }) =>
        app.inject({ method: 'PUT', url: `/api/v1/users/${user.id}`, headers: admin, payload: { permission: 3 } }),
    ],
  ] as const) {
    it(`ends a browser's broker session when its user ${what}`, async () => {
      const user = await app.as(2);
      const browser = mqtt.browser(bare(user));
      expect(await connected(browser)).toBe(true);
      await browser.subscribeAsync('hcpro4/logs/+');
      const ended = closed(browser);
      expect((await end(user as never)).statusCode).toBe(200);
      await ended;
      expect(browser.connected).toBe(false);
    });
  }

  it("ends a browser's broker session when its token expires", async () => {
    const user = await app.as(3);
    const token = await app.jwt.sign({ sub: String(user.id), username: 'x', permission: 3, ver: 0 }, { expiresIn: 2 });
    const browser = mqtt.browser(token);
    expect(await connected(browser)).toBe(true);
    await closed(browser);
    expect(browser.connected).toBe(false);
  });
});

describe('retained messages', () => {
  it("refuses a controller's retained command: the robot never gets it on connect", async () => {
    const controller = mqtt.controller(21);
    expect(await connected(controller)).toBe(true);
    const ended = closed(controller);
    controller.publish(
      topics.robotCommand('RET-1'),
      JSON.stringify({ id: 'x', command: 'restart', ts: new Date().toISOString() }),
      {
        qos: 0,
        retain: true,
      },
    );
    await ended;
    const robot = mqtt.robot('RET-1');
    expect(await connected(robot)).toBe(true);
    expect(await collect(robot, topics.robotCommand('RET-1'), 300)).toEqual([]);
  });

  it('refuses a browser retaining a system message', async () => {
    const browser = mqtt.browser(bare(admin));
    expect(await connected(browser)).toBe(true);
    const ended = closed(browser);
    const message = { timestamp: new Date().toISOString(), source: 'frontend', type: 'note', data: {} };
    browser.publish('hcpro4/system/note', JSON.stringify(message), { qos: 0, retain: true });
    await ended;
  });

  it('clears a retained robot status the server cannot parse', async () => {
    const robot = mqtt.robot('JUNK-1');
    expect(await connected(robot)).toBe(true);
    await robot.publishAsync(topics.robotStatus('JUNK-1'), 'not json at all', { qos: 1, retain: true });
    await waitFor(async () => {
      const viewer = mqtt.browser(bare(admin));
      await connected(viewer);
      const kept = await collect(viewer, topics.robotStatus('JUNK-1'), 200);
      await viewer.endAsync();
      return kept.every((m) => m.payload.length === 0) || undefined;
    }, 'the invalid status cleared');
  });
});

describe('commands and acks', () => {
  it('lets a controller command only robots whose last status names its track', async () => {
    const mine = await robotOnTrack('MINE-1', 31);
    await robotOnTrack('THEIRS-1', 32);
    const received = collect(mine, topics.robotCommand('MINE-1'), 500);
    const controller = mqtt.controller(31);
    expect(await connected(controller)).toBe(true);
    await controller.publishAsync(
      topics.robotCommand('MINE-1'),
      JSON.stringify({ id: 'a', command: 'goto', ts: new Date().toISOString() }),
    );
    expect((await received).map((m) => m.topic)).toEqual([topics.robotCommand('MINE-1')]);
    const ended = closed(controller);
    controller.publish(
      topics.robotCommand('THEIRS-1'),
      JSON.stringify({ id: 'b', command: 'restart', ts: new Date().toISOString() }),
    );
    await ended;
  });

  it("accepts an ack only from the command's target", async () => {
    const target = await robotOnTrack('ACK-1', 41);
    const other = await robotOnTrack('ACK-2', 41);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/v1/robots/ACK-1/commands',
      headers: admin,
      payload: { command: 'lid', args: { open: true } },
    });
    expect(sent.statusCode).toBe(200);
    const { id } = sent.json().data;
    const ts = new Date().toISOString();
    await other.publishAsync(topics.robotAck('ACK-2'), JSON.stringify({ id, ok: true, ts }), { qos: 1 });
    await target.publishAsync(topics.robotAck('ACK-1'), JSON.stringify({ id, ok: false, error: 'lid jammed', ts }), { qos: 1 });
    const record = await waitFor(async () => {
      const list = await app.inject({ method: 'GET', url: '/api/v1/robots/ACK-1/commands', headers: admin });
      const found = list.json().data.items.find((c: { id: string }) => c.id === id);
      return found?.status !== 'sent' ? found : undefined;
    }, 'the command answered');
    // Had the other robot's ack counted, the command would read acknowledged.
    expect(record).toMatchObject({ status: 'failed', error: 'lid jammed' });
  });
});
