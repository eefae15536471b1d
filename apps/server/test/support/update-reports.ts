import { topics, type UpgradeReportPayload } from '@railserve/protocol';
import type { MqttClient } from 'mqtt';
import type { TestApp } from '../helper.ts';
import { waitFor } from './robots.ts';
import { deviceAuth } from './updates.ts';

type Headers = { authorization: string };

/** A robot's update report on its own `HCP4/{sn}/upgrade`, as the firmware sends it. */
export async function report(
  client: MqttClient,
  sn: string,
  recordId: number,
  stage: UpgradeReportPayload['stage'],
  extra: { firmware?: string; reason?: string } = {},
) {
  const payload: UpgradeReportPayload = { recordId, stage, ...extra, ts: new Date().toISOString() };
  await client.publishAsync(topics.robotUpgrade(sn), JSON.stringify(payload), { qos: 1 });
}

export async function getRecord(app: TestApp, headers: Headers, id: number) {
  const items = (await app.inject({ method: 'GET', url: '/api/v1/updates?pageSize=all', headers })).json().data.items;
  return items.find((r: { id: number }) => r.id === id);
}

/** Fetches a record's file as a device (its broker username and DEVICE_KEY) with the code. */
export const downloadAs = (app: TestApp, username: string, record: { id: number; verificationCode: string }) =>
  app.inject({
    method: 'GET',
    url: `/api/v1/updates/${record.id}/download?code=${record.verificationCode}`,
    headers: deviceAuth(app, username),
  });

/** The server's log lines (buildTestApp's logStream), to wait for each refusal it logs. */
export function serverLog() {
  const lines: { msg?: string; sn?: string; level?: number }[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
    /** Waits for the `count`-th line with this message (refusals repeat the same words). */
    waitFor: (message: string, count = 1) =>
      waitFor(() => lines.filter((l) => l.msg === message).length >= count || undefined, `log: ${message} ×${count}`),
  };
}
