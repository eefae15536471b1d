import { type Alarm, type AlarmDetail, topics } from '@railserve/protocol';
import { afterAll, beforeAll } from 'vitest';
import { type TestApp, useTestApp } from '../helper.ts';
import { brokerClients } from './broker-clients.ts';
import { type RawDevice, ROBOT_TEST_CONFIG, rawDevice, waitFor } from './robots.ts';

/**
 * The alarm center's test app: robots on the embedded broker, an administrator's headers (with
 * the id), and helpers to be a robot, raise or clear an alert and post to the API.
 */
export function useAlarmsApp() {
  const { app } = useTestApp(ROBOT_TEST_CONFIG);
  const admin = { authorization: '', id: 0 };
  const mqtt = brokerClients(() => app);
  beforeAll(async () => {
    Object.assign(admin, await app.as(0));
    await app.mqtt.waitUntilSubscribed();
  });
  afterAll(() => mqtt.endAll());
  const device = (sn: string, answer?: Parameters<typeof rawDevice>[2]) =>
    rawDevice(
      {
        app,
        brokerUrl: `mqtt://127.0.0.1:${app.brokerPorts!.tcp}`,
        deviceKey: app.secrets.deviceKey,
        observer: { username: '', password: '' },
      },
      sn,
      answer,
    );
  const alert = (robot: RawDevice, sn: string, code: string, active: boolean) =>
    robot.publish(topics.alert(sn), { sn, code, active, ts: new Date().toISOString() });
  const post = (url: string, headers: { authorization: string }, payload?: object) =>
    app.inject({ method: 'POST', url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  return { app, admin, mqtt, device, alert, post };
}

type Headers = { authorization: string };

/** The alarms `GET /alarms` answers for a query string. */
export async function listAlarms(app: TestApp, headers: Headers, query: string) {
  const response = await app.inject({ method: 'GET', url: `/api/v1/alarms?${query}`, headers });
  return response.json().data.items as Alarm[];
}

export async function alarmDetail(app: TestApp, headers: Headers, id: number) {
  const response = await app.inject({ method: 'GET', url: `/api/v1/alarms/${id}`, headers });
  return response.json().data as AlarmDetail;
}

/** Waits until the robot's alarms of `code` (newest first) satisfy `test`. */
export function waitForAlarms(
  app: TestApp,
  headers: Headers,
  sn: string,
  code: string,
  test: (alarms: Alarm[]) => boolean,
  what: string,
) {
  return waitFor(async () => {
    await app.alarms.flush();
    const alarms = await listAlarms(app, headers, `robotSn=${sn}&code=${code}`);
    return test(alarms) ? alarms : undefined;
  }, `${sn} ${code}: ${what}`);
}
