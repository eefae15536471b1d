import type { Alarm, AlarmDetail } from '@railserve/protocol';
import type { TestApp } from '../helper.ts';
import { waitFor } from './robots.ts';

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
