import { randomBytes } from 'node:crypto';
import { brokerClientId, robotStatusPayload, topics } from '@railserve/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_BROKER_USERNAME } from '../../src/broker/acl.ts';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../helper.ts';
import { ROBOT_TEST_CONFIG, type RobotTestEnv, rawDevice, waitForRobot } from '../support/robots.ts';

// The status ingest's shortcuts (modules/robots/ingest.ts): the fast check answers a good status
// without the schema, and a payload without the text \u0000 is not walked for NUL characters.
// Neither may let through what the schema refuses, change its reason, or keep a NUL.
let app: TestApp;
let env: RobotTestEnv;

beforeAll(async () => {
  app = await buildTestApp(ROBOT_TEST_CONFIG);
  const token = (await app.login('admin', ADMIN_PASSWORD)).authorization.slice('Bearer '.length);
  await app.mqtt.waitUntilSubscribed();
  env = {
    app,
    brokerUrl: `mqtt://127.0.0.1:${app.brokerPorts!.tcp}`,
    deviceKey: app.secrets.deviceKey,
    observer: { username: WEB_BROKER_USERNAME, password: token, clientId: brokerClientId.web(randomBytes(8).toString('hex')) },
  };
});
afterAll(async () => {
  await app.close();
});

/** The reasons of the payloads of a robot dropped so far, as the event log has them. */
async function droppedReasons(sn: string) {
  await app.eventLog.flush();
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/logs?source=robot&robotSn=${sn}&pageSize=all`,
    headers: await app.as(0),
  });
  return (response.json().data.items as { type: string; message: string }[])
    .filter((r) => r.type === 'payload_dropped')
    .map((r) => r.message);
}

describe('the status ingest', () => {
  it('drops a bad status with the schema’s own reason', async () => {
    const device = await rawDevice(env, 'CHK-BAD');
    const bad = { sn: 'CHK-BAD', state: 'idle', battery: 150, ts: new Date().toISOString() };
    const issue = robotStatusPayload.safeParse(bad).error?.issues[0];
    const dropped = app.robots.stats.dropped;
    await device.publish(topics.robotStatus('CHK-BAD'), bad);
    await device.status({ state: 'idle', battery: 60 });
    await waitForRobot(app, 'CHK-BAD', await app.as(0), (r) => r.battery === 60, 'the good status after the bad one');
    expect(app.robots.stats.dropped - dropped).toBe(1);
    expect(await droppedReasons('CHK-BAD')).toEqual([
      `Dropped a payload on ${topics.robotStatus('CHK-BAD')}: invalid battery: ${issue?.message}`,
    ]);
    await device.close();
  });

  it('drops a good status that names another robot, as before', async () => {
    const device = await rawDevice(env, 'CHK-SELF');
    await device.status({ state: 'idle', battery: 61 });
    await waitForRobot(app, 'CHK-SELF', await app.as(0), (r) => r.battery === 61, 'registered');
    await device.publish(topics.robotStatus('CHK-SELF'), { sn: 'CHK-OTHER', battery: 10, ts: new Date().toISOString() });
    await device.status({ state: 'idle', battery: 62 });
    await waitForRobot(app, 'CHK-SELF', await app.as(0), (r) => r.battery === 62, 'its next status');
    expect(await droppedReasons('CHK-SELF')).toEqual([
      `Dropped a payload on ${topics.robotStatus('CHK-SELF')}: names robot CHK-OTHER`,
    ]);
    await device.close();
  });

  it('strips a NUL written as \\u0000 from a status and keeps the rest', async () => {
    const device = await rawDevice(env, 'CHK-NUL');
    await device.publish(
      topics.robotStatus('CHK-NUL'),
      `{"sn":"CHK-NUL","state":"idle","battery":63,"name":"Ru\\u0000nner","ts":"${new Date().toISOString()}"}`,
    );
    const robot = await waitForRobot(app, 'CHK-NUL', await app.as(0), (r) => r.battery === 63, 'the status with a NUL');
    expect(robot.name).toBe('Runner');
    await device.close();
  });
});
