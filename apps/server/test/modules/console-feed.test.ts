import { inflateSync } from 'node:zlib';
import { CONSOLE_FEED, type ConsoleRobotsPayload, consoleRobotsPayload, topics } from '@railserve/protocol';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createConsoleFeed, encodeConsoleFeed } from '../../src/modules/robots/console-feed.ts';
import { buildTestApp, type TestApp } from '../helper.ts';
import { brokerClients, closed, connected, grantedQos } from '../support/broker-clients.ts';
import { waitFor } from '../support/robots.ts';

const status = (sn: string, battery: number) => ({ sn, battery, state: 'idle' as const, ts: new Date().toISOString() });

describe('the consoles’ robot feed, on its own', () => {
  it('sends the newest status of each robot once the gathering time has passed, and nothing while nothing comes', () => {
    vi.useFakeTimers();
    try {
      const sent: ConsoleRobotsPayload[] = [];
      const feed = createConsoleFeed((payload) => sent.push(payload), 50);
      vi.advanceTimersByTime(500);
      expect(sent).toEqual([]);
      feed.status(status('R1', 10));
      feed.status(status('R2', 20));
      feed.status(status('R1', 11));
      vi.advanceTimersByTime(49);
      expect(sent).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(sent).toHaveLength(1);
      expect(sent[0].statuses.map((s) => [s.sn, s.battery])).toEqual([
        ['R1', 11],
        ['R2', 20],
      ]);
      expect(consoleRobotsPayload.safeParse(sent[0]).success).toBe(true);
      vi.advanceTimersByTime(500);
      expect(sent).toHaveLength(1);
      feed.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('names a removed robot instead of its last status, and a status after the removal brings it back', () => {
    vi.useFakeTimers();
    try {
      const sent: ConsoleRobotsPayload[] = [];
      const feed = createConsoleFeed((payload) => sent.push(payload), 50);
      feed.status(status('R1', 10));
      feed.removal('R1');
      vi.advanceTimersByTime(50);
      expect(sent[0]).toMatchObject({ statuses: [], removed: ['R1'] });
      feed.removal('R2');
      feed.status(status('R2', 5));
      vi.advanceTimersByTime(50);
      expect(sent[1]).toMatchObject({ statuses: [{ sn: 'R2' }], removed: [] });
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends an idle robot’s unchanged status only every unchangedEveryMs, and any change at once', () => {
    vi.useFakeTimers();
    try {
      let clock = 0;
      const sent: ConsoleRobotsPayload[] = [];
      const feed = createConsoleFeed(
        (payload) => sent.push(payload),
        50,
        5000,
        () => clock,
      );
      const heartbeat = (battery: number) => {
        feed.status(status('IDLE', battery));
        clock += 1000;
        vi.advanceTimersByTime(1000);
      };
      for (let i = 0; i < 12; i++) heartbeat(70);
      // Heard at 0, 5 and 10 s: three of twelve.
      expect(sent).toHaveLength(3);
      heartbeat(69);
      expect(sent).toHaveLength(4);
      expect(sent[3].statuses[0].battery).toBe(69);
      // A robot removed and back is news again.
      feed.removal('IDLE');
      vi.advanceTimersByTime(50);
      heartbeat(69);
      expect(sent.at(-1)?.statuses[0]?.sn).toBe('IDLE');
    } finally {
      vi.useRealTimers();
    }
  });

  it('splits a burst into messages of at most the largest size, losing none', () => {
    vi.useFakeTimers();
    try {
      const sent: ConsoleRobotsPayload[] = [];
      const feed = createConsoleFeed((payload) => sent.push(payload), 50);
      const count = CONSOLE_FEED.maxStatuses * 2 + 7;
      for (let i = 0; i < count; i++) feed.status(status(`R${i}`, i % 100));
      vi.advanceTimersByTime(50);
      expect(sent.map((m) => m.statuses.length)).toEqual([CONSOLE_FEED.maxStatuses, CONSOLE_FEED.maxStatuses, 7]);
      expect(new Set(sent.flatMap((m) => m.statuses.map((s) => s.sn))).size).toBe(count);
      for (const message of sent) expect(consoleRobotsPayload.safeParse(message).success).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes on the broker as a zlib stream of its JSON text, a fraction of the text’s size', () => {
    const statuses = Array.from({ length: CONSOLE_FEED.maxStatuses }, (_, i) => ({
      ...status(`BENCH-${String(i).padStart(4, '0')}`, 60 + (i % 40)),
      connection: 'online' as const,
      trackId: 1 + (i % 20),
      point: i % 12,
    }));
    const payload = { ts: new Date().toISOString(), statuses, removed: ['GONE-1'] };
    const body = encodeConsoleFeed(payload);
    // A zlib header (RFC 1950), so that a console tells it from JSON text by its first byte.
    expect(body[0]).toBe(0x78);
    expect(JSON.parse(inflateSync(body).toString())).toEqual(payload);
    expect(body.length).toBeLessThan(JSON.stringify(payload).length / 5);
  });
});

describe('the consoles’ robot feed on the embedded broker', () => {
  let app: TestApp;
  const mqtt = brokerClients(() => app);
  const bare = (headers: { authorization: string }) => headers.authorization.slice('Bearer '.length);

  beforeAll(async () => {
    app = await buildTestApp();
    await app.mqtt.waitUntilSubscribed();
  });
  afterAll(async () => {
    await mqtt.endAll();
    await app.close();
  });

  /** Every feed message the client receives from now on. */
  function feedOf(client: MqttClient) {
    const received: ConsoleRobotsPayload[] = [];
    client.on('message', (topic, payload) => {
      if (topic === topics.consoleRobots) received.push(JSON.parse(inflateSync(payload).toString()));
    });
    return received;
  }
  const lastStatus = (feed: ConsoleRobotsPayload[], sn: string) => feed.flatMap((m) => m.statuses).findLast((s) => s.sn === sn);

  it('carries every robot’s statuses to a console of any level, in a few messages', async () => {
    const browser = mqtt.browser(bare(await app.as(3)));
    expect(await connected(browser)).toBe(true);
    expect(await grantedQos(browser, [topics.consoleRobots])).not.toContain(128);
    const feed = feedOf(browser);
    const robots = ['FEED-1', 'FEED-2'].map((sn) => mqtt.robot(sn));
    for (const robot of robots) expect(await connected(robot)).toBe(true);
    for (let battery = 50; battery < 60; battery++) {
      for (const [i, robot] of robots.entries()) {
        const sn = `FEED-${i + 1}`;
        await robot.publishAsync(topics.robotStatus(sn), JSON.stringify(status(sn, battery + i)), { qos: 1 });
      }
    }
    await waitFor(() => lastStatus(feed, 'FEED-2')?.battery === 60 || undefined, 'the last status in the feed');
    expect(lastStatus(feed, 'FEED-1')?.battery).toBe(59);
    // Twenty statuses, gathered: fewer messages than statuses.
    expect(feed.length).toBeLessThan(20);
    for (const message of feed) expect(consoleRobotsPayload.safeParse(message).success).toBe(true);
  });

  it('leaves out what the server refuses: a status naming another robot', async () => {
    const browser = mqtt.browser(bare(await app.as(0)));
    expect(await connected(browser)).toBe(true);
    await browser.subscribeAsync(topics.consoleRobots);
    const feed = feedOf(browser);
    const rogue = mqtt.robot('FEED-ROGUE');
    expect(await connected(rogue)).toBe(true);
    // Refused by the broker (another robot's topic) and by the server (a payload naming another robot).
    await rogue.publishAsync(topics.robotStatus('FEED-ROGUE'), JSON.stringify(status('FEED-VICTIM', 1)), { qos: 1 });
    await rogue.publishAsync(topics.robotStatus('FEED-ROGUE'), JSON.stringify(status('FEED-ROGUE', 42)), { qos: 1 });
    await waitFor(() => lastStatus(feed, 'FEED-ROGUE') || undefined, 'the rogue robot’s own status');
    expect(feed.flatMap((m) => m.statuses).some((s) => s.sn === 'FEED-VICTIM')).toBe(false);
  });

  it('is the server’s alone: neither a console nor a robot can send on it', async () => {
    const watcher = mqtt.browser(bare(await app.as(0)));
    expect(await connected(watcher)).toBe(true);
    await watcher.subscribeAsync(topics.consoleRobots);
    const feed = feedOf(watcher);
    const forged = JSON.stringify({ ts: new Date().toISOString(), statuses: [status('FEED-FORGED', 1)], removed: [] });
    const browser = mqtt.browser(bare(await app.as(0)));
    const robot = mqtt.robot('FEED-3');
    for (const client of [browser, robot]) {
      expect(await connected(client)).toBe(true);
      client.publish(topics.consoleRobots, forged, { qos: 0 });
      // The broker closes a connection that publishes where it may not: the message was refused.
      await closed(client);
    }
    const witness = mqtt.robot('FEED-4');
    expect(await connected(witness)).toBe(true);
    await witness.publishAsync(topics.robotStatus('FEED-4'), JSON.stringify(status('FEED-4', 33)), { qos: 1 });
    await waitFor(() => lastStatus(feed, 'FEED-4') || undefined, 'the witness robot’s own status');
    expect(feed.flatMap((m) => m.statuses).some((s) => s.sn === 'FEED-FORGED')).toBe(false);
  });

  it('names a robot removed through the API', async () => {
    const admin = await app.as(0);
    const robot = mqtt.robot('FEED-GONE');
    expect(await connected(robot)).toBe(true);
    await robot.publishAsync(topics.robotStatus('FEED-GONE'), JSON.stringify(status('FEED-GONE', 70)), { qos: 1, retain: true });
    await waitFor(
      async () =>
        (await app.inject({ method: 'GET', url: '/api/v1/robots/FEED-GONE', headers: admin })).statusCode === 200 || undefined,
      'FEED-GONE registered',
    );
    const browser = mqtt.browser(bare(admin));
    expect(await connected(browser)).toBe(true);
    await browser.subscribeAsync(topics.consoleRobots);
    const feed = feedOf(browser);
    const removal = await app.inject({ method: 'DELETE', url: '/api/v1/robots/FEED-GONE', headers: admin });
    expect(removal.statusCode).toBeLessThan(300);
    await waitFor(() => feed.some((m) => m.removed.includes('FEED-GONE')) || undefined, 'the removal in the feed');
  });
});

describe('the consoles’ robot feed when a robot falls silent', () => {
  let app: TestApp;
  const mqtt = brokerClients(() => app);

  beforeAll(async () => {
    app = await buildTestApp({ robotOfflineAfterMs: 2000 });
    await app.mqtt.waitUntilSubscribed();
  });
  afterAll(async () => {
    await mqtt.endAll();
    await app.close();
  });

  it('says the robot is offline: the server’s own notice on its status topic is no news to the fleet', async () => {
    const browser = mqtt.browser((await app.as(3)).authorization.slice('Bearer '.length));
    expect(await connected(browser)).toBe(true);
    await browser.subscribeAsync(topics.consoleRobots);
    const statuses: ConsoleRobotsPayload['statuses'] = [];
    browser.on('message', (topic, payload) => {
      if (topic === topics.consoleRobots)
        statuses.push(...consoleRobotsPayload.parse(JSON.parse(inflateSync(payload).toString())).statuses);
    });
    const robot = mqtt.robot('FEED-QUIET');
    expect(await connected(robot)).toBe(true);
    await robot.publishAsync(topics.robotStatus('FEED-QUIET'), JSON.stringify(status('FEED-QUIET', 64)), { qos: 1 });
    await waitFor(() => statuses.some((s) => s.sn === 'FEED-QUIET') || undefined, 'the robot in the feed');
    // Gone without a last will (a clean disconnect): only its silence tells.
    await robot.endAsync();
    const offline = await waitFor(
      () => statuses.find((s) => s.sn === 'FEED-QUIET' && s.connection === 'offline'),
      'the robot offline in the feed',
    );
    expect(offline.ts).toBeDefined();
  });
});
