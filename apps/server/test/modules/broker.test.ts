import { ALARM_CODES } from '@railserve/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../helper.ts';
import { brokerClients, connected, grantedQos, nextMessage, webClientId } from '../support/broker-clients.ts';
import { onTrack } from '../support/broker-security.ts';
import { waitFor } from '../support/robots.ts';

let app: TestApp;
let token: string;
const mqttClients = brokerClients(() => app);

beforeAll(async () => {
  app = await buildTestApp();
  token = (await app.login('admin', ADMIN_PASSWORD)).authorization.slice('Bearer '.length);
});
afterAll(async () => {
  await mqttClients.endAll();
  await app.close();
});

const connect = (username: string, password: string, ws = false) =>
  mqttClients.connect(username, password, {
    ws,
    clientId:
      username === 'web' ? webClientId() : username.startsWith('track-') ? `track_${username.slice(6)}` : `robot_${username}`,
  });

describe('embedded broker', () => {
  it('lets a robot in with the device key and refuses a wrong key', async () => {
    expect(await connected(connect('SIM-0001', app.secrets.deviceKey))).toBe(true);
    expect(await connected(connect('SIM-0002', 'wrong-key'))).toBe(false);
    expect(await connected(connect('web', 'not-a-token', true))).toBe(false);
  });

  it('lets a browser in with a session token over WebSocket, for the read topics only', async () => {
    const browser = connect('web', token, true);
    expect(await connected(browser)).toBe(true);
    expect(await grantedQos(browser, ['hcpro4/robots/+/status', 'HCP4/+/cmd', '#'])).toEqual([0, 128, 128]);
  });

  it('delivers a robot status to a browser and keeps robots under their own topics', async () => {
    const browser = connect('web', token, true);
    await connected(browser);
    await browser.subscribeAsync('hcpro4/robots/+/status');
    const robot = connect('SIM-0003', app.secrets.deviceKey);
    await connected(robot);
    const received = nextMessage(browser);
    await robot.publishAsync('hcpro4/robots/SIM-0003/status', JSON.stringify({ sn: 'SIM-0003', ts: new Date().toISOString() }), {
      qos: 1,
    });
    expect((await received).topic).toBe('hcpro4/robots/SIM-0003/status');

    const closed = new Promise<void>((resolve) => robot.once('close', () => resolve()));
    robot.publish('hcpro4/robots/SIM-0004/status', '{}', { qos: 0 });
    await closed; // publishing under another robot's topic ends the connection
  });

  it('sends a browser what it has for it in one turn as one WebSocket frame, every message whole and in order', async () => {
    const browser = connect('web', token, true);
    await connected(browser);
    await browser.subscribeAsync('hcpro4/alerts/+', { qos: 1 });
    let frames = 0;
    browser.stream.on('data', () => frames++);
    const robot = connect('SIM-0005', app.secrets.deviceKey);
    await connected(robot);
    const codes = Array.from({ length: 40 }, (_, i) => ALARM_CODES[i % ALARM_CODES.length]);
    const received: string[] = [];
    const all = new Promise<void>((resolve) =>
      browser.on('message', (_topic, payload) => {
        received.push(JSON.parse(payload.toString()).code);
        if (received.length === codes.length) resolve();
      }),
    );
    // Written in one go, the robot's alerts reach the broker in a few reads and go out in a few turns.
    for (const code of codes)
      robot.publish(
        'hcpro4/alerts/SIM-0005',
        JSON.stringify({ sn: 'SIM-0005', code, active: true, ts: new Date().toISOString() }),
      );
    await all;
    expect(received).toEqual(codes);
    expect(frames).toBeLessThan(codes.length / 2);
  });

  it('keeps delivering to every other console while one console leaves what it is sent unread', async () => {
    const stalled = connect('web', token, true);
    await connected(stalled);
    await stalled.subscribeAsync('hcpro4/alerts/+', { qos: 1 });
    stalled.stream.pause();
    const reading = connect('web', token, true);
    await connected(reading);
    await reading.subscribeAsync('hcpro4/alerts/+', { qos: 1 });
    const robot = connect('SIM-0006', app.secrets.deviceKey);
    await connected(robot);
    // About 10 MB, more than the stalled console's connection holds, in few enough alerts that the
    // server has no backlog of them to finish when the app closes.
    const total = 1_000;
    let received = 0;
    const all = new Promise<void>((resolve) =>
      reading.on('message', () => {
        if (++received === total) resolve();
      }),
    );
    const pad = 'x'.repeat(10_000);
    for (let i = 0; i < total; i++) {
      const alert = { sn: 'SIM-0006', code: ALARM_CODES[0], active: i % 2 === 0, ts: new Date().toISOString(), pad };
      robot.publish('hcpro4/alerts/SIM-0006', JSON.stringify(alert));
      if (i % 50 === 49) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await all;
    expect(received).toBe(total);
  }, 60_000);

  it('lets a browser publish system messages but not commands', async () => {
    const browser = connect('web', token, true);
    await connected(browser);
    // The server's own connection observes what reaches it.
    const received = new Promise<{ topic: string }>((resolve) =>
      app.mqtt.handle('hcpro4/system/+', (topic) => (topic === 'hcpro4/system/console' ? resolve({ topic }) : undefined)),
    );
    await app.mqtt.waitUntilSubscribed();
    await browser.publishAsync(
      'hcpro4/system/console',
      JSON.stringify({ timestamp: new Date().toISOString(), source: 'frontend', type: 'console', data: {} }),
    );
    expect((await received).topic).toBe('hcpro4/system/console');
    const closed = new Promise<void>((resolve) => browser.once('close', () => resolve()));
    browser.publish('HCP4/SIM-0001/cmd', '{}', { qos: 0 });
    await closed;
  });

  it('lets a track controller command robots but not publish another track status', async () => {
    const robot = connect('SIM-0001', app.secrets.deviceKey);
    await connected(robot);
    await robot.publishAsync('hcpro4/robots/SIM-0001/status', JSON.stringify(onTrack('SIM-0001', 7)), { qos: 1 });
    await waitFor(() => app.robots.trackOf('SIM-0001') === 7 || undefined, 'the robot on track 7');
    const controller = connect('track-7', app.secrets.deviceKey);
    expect(await connected(controller)).toBe(true);
    await controller.publishAsync(
      'HCP4/SIM-0001/cmd',
      JSON.stringify({ id: 'x', command: 'goto', ts: new Date().toISOString() }),
    );
    expect(await grantedQos(controller, ['HCP4/track/7/cmd', 'HCP4/track/8/cmd'])).toEqual([0, 128]);
  });
});
