import { randomBytes } from 'node:crypto';
import { brokerClientId, topics } from '@railserve/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BROKER_USERNAME } from '../../src/broker/acl.ts';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../helper.ts';
import { deepArray, deepObject, invalidUtf8 } from '../support/hostile-payloads.ts';
import { getLogs } from '../support/logs.ts';
import { freePort, type Mosquitto, requireMosquitto, startMosquitto } from '../support/mosquitto.ts';

// With an external broker (MQTT_URL) the server has no hooks of its own: hostile payloads reach
// its subscription as they were sent. Each handler must drop them and go on.
let mosquitto: Mosquitto;
let app: TestApp;
const clients: MqttClient[] = [];
const serverPassword = randomBytes(12).toString('hex');
const SN = 'EXT-HOSTILE';

it('finds Mosquitto installed', () => requireMosquitto());

describe('hostile payloads through an external broker', () => {
  beforeAll(async () => {
    requireMosquitto();
    const port = await freePort();
    app = await buildTestApp({ mqttUrl: `mqtt://${SERVER_BROKER_USERNAME}:${serverPassword}@127.0.0.1:${port}` });
    mosquitto = await startMosquitto({ [SERVER_BROKER_USERNAME]: serverPassword, [SN]: app.secrets.deviceKey }, port);
    await app.mqtt.waitUntilSubscribed();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await app?.close();
    await mosquitto?.stop();
  });

  const connect = async (username: string, password: string, clientId: string) => {
    const client = await mqtt.connectAsync(mosquitto.url, { username, password, clientId, reconnectPeriod: 0 });
    client.on('error', () => {});
    clients.push(client);
    return client;
  };

  it('drops deep, binary and invalid UTF-8 payloads on every ingest topic and goes on ingesting', async () => {
    const robot = await connect(SN, app.secrets.deviceKey, brokerClientId.robot(SN));
    // The server's own account may publish anywhere: it stands in for a console on the system topics.
    const anyone = await connect(SERVER_BROKER_USERNAME, serverPassword, `hostile-${randomBytes(4).toString('hex')}`);
    const payloads = [deepArray(20_000), deepObject(20_000), invalidUtf8(), Buffer.from([0, 255, 1, 254])];
    const robotTopics = [
      topics.robotStatus(SN),
      topics.alert(SN),
      topics.robotAck(SN),
      topics.robotConfigReport(SN),
      topics.robotUpgrade(SN),
      topics.log('robot'),
    ];
    for (const payload of payloads) {
      for (const topic of robotTopics) await robot.publishAsync(topic, payload, { qos: 1 });
      await anyone.publishAsync(topics.system('message'), payload, { qos: 1 });
      await anyone.publishAsync(topics.trackStatus(1), payload, { qos: 1 });
      await anyone.publishAsync(topics.deviceVersion('site-EXT'), payload, { qos: 1 });
    }
    // Messages of one client arrive in order: once this record is in, every hostile one before it was dealt with.
    const record = { ts: new Date().toISOString(), level: 'info', type: 'after_hostile', message: 'still here' };
    await robot.publishAsync(topics.log('robot'), JSON.stringify(record), { qos: 1 });
    const admin = await app.login('admin', ADMIN_PASSWORD);
    await expect
      .poll(async () => (await getLogs(app, admin, { type: 'after_hostile' })).body.data.items.length, { timeout: 10_000 })
      .toBe(1);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(app.mqtt.connected).toBe(true);
  });
});
