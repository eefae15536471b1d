import { formatLogEvent } from '@railserve/protocol';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helper.ts';
import { connectDevice } from '../support/broker-clients.ts';
import { waitFor } from '../support/robots.ts';
import { downloadAs, getRecord, report, serverLog } from '../support/update-reports.ts';
import { createRecord, updateContent, uploadedFileId } from '../support/updates.ts';

// Update reports follow the flow (robots over the broker, the real ingest): a record moves only
// after its own device downloaded the file with the code, one step at a time, to the record's
// version; anything else is refused, logged, and leaves the record as it was.
const log = serverLog();
const { app, admin } = useTestApp({}, { logStream: log.stream });
let fileId: number;
const robots: Record<string, MqttClient> = {};

beforeAll(async () => {
  await app.mqtt.waitUntilSubscribed();
  fileId = await uploadedFileId(app, admin, 'robotfw-3.1.0.bin', updateContent.firmware(31));
  for (const sn of ['REP-A', 'REP-B', 'REP-C', 'REP-D']) robots[sn] = await connectDevice(app, sn);
});
afterAll(async () => {
  await Promise.all(Object.values(robots).map((r) => r.endAsync(true)));
});

const newRecord = async (sn: string) =>
  (await createRecord(app, admin, { version: '3.1.0', deviceSerial: sn, fileId })).json().data as {
    id: number;
    verificationCode: string;
  };
const message = (key: Parameters<typeof formatLogEvent>[0], values: Record<string, string | number>) =>
  formatLogEvent(key, values);
/** Publishes a report that must be refused, waits for its log line, and checks the record did not move. */
async function refused(
  sn: string,
  recordId: number,
  stage: 'download_complete' | 'update_complete' | 'failed',
  why: string,
  extra = {},
) {
  const before = await getRecord(app, admin, recordId);
  const seen = log.lines.filter((l) => l.msg === why).length;
  await report(robots[sn], sn, recordId, stage, extra);
  await log.waitFor(why, seen + 1);
  expect(await getRecord(app, admin, recordId)).toEqual(before);
}
const waitForStatus = (id: number, status: string) =>
  waitFor(async () => {
    const found = await getRecord(app, admin, id);
    return found?.status === status ? found : undefined;
  }, `record ${id} ${status}`);

describe('a report before the device downloaded', () => {
  it('refuses "update complete" on a record still waiting for download (the old shortcut)', async () => {
    const record = await newRecord('REP-A');
    await refused('REP-A', record.id, 'update_complete', message('update_report_out_of_order', { recordId: record.id }), {
      firmware: '3.1.0',
    });
    await refused('REP-A', record.id, 'download_complete', message('update_report_not_downloaded', { recordId: record.id }));
    const after = await getRecord(app, admin, record.id);
    expect(after).toMatchObject({ status: 'waiting_download', verified: false, downloadedBy: null });
    // The refusal reaches the event log too (once a minute per robot), as a robot record.
    await app.eventLog.flush();
    const logs = (await app.inject({ method: 'GET', url: '/api/v1/logs?robotSn=REP-A', headers: admin })).json().data.items;
    expect(logs.map((l: { message: string }) => l.message)).toContain(
      message('update_report_out_of_order', { recordId: record.id }),
    );
  });

  it('does not count a user downloading with the code from the console', async () => {
    const record = await newRecord('REP-A');
    const byUser = await app.inject({
      method: 'GET',
      url: `/api/v1/updates/${record.id}/download?code=${record.verificationCode}`,
      headers: admin,
    });
    expect(byUser.statusCode).toBe(200);
    await refused('REP-A', record.id, 'download_complete', message('update_report_not_downloaded', { recordId: record.id }));
    expect((await getRecord(app, admin, record.id)).downloadedBy).toBeNull();
  });
});

describe('reports that are not this robot’s to make', () => {
  it('refuses a report for another robot’s record, even one that robot downloaded', async () => {
    const record = await newRecord('REP-B');
    expect((await downloadAs(app, 'REP-B', record)).statusCode).toBe(200);
    await refused('REP-C', record.id, 'download_complete', message('update_report_not_own', { recordId: record.id }));
    await refused('REP-C', record.id, 'failed', message('update_report_not_own', { recordId: record.id }), { reason: 'x' });
    expect(await getRecord(app, admin, record.id)).toMatchObject({ status: 'waiting_download', downloadedBy: 'REP-B' });
  });

  it('refuses a report for a record that does not exist, and for a record of another device type', async () => {
    await refused('REP-C', 2_147_483_000, 'download_complete', message('update_report_unknown', { recordId: 2_147_483_000 }));
    const tablet = (
      await createRecord(app, admin, { deviceType: 'tablet', version: '3.1.0', deviceSerial: 'REP-C', fileId })
    ).json().data;
    await refused('REP-C', tablet.id, 'failed', message('update_report_not_own', { recordId: tablet.id }), { reason: 'x' });
  });
});

describe('the flow, step by step', () => {
  it('takes download then installation of the record’s version, and refuses repeats, a wrong version and a step back', async () => {
    const record = await newRecord('REP-D');
    expect((await downloadAs(app, 'REP-D', record)).statusCode).toBe(200);
    expect(await getRecord(app, admin, record.id)).toMatchObject({ downloadedBy: 'REP-D', status: 'waiting_download' });
    const outOfOrder = message('update_report_out_of_order', { recordId: record.id });
    // Installed before reporting the download: out of order.
    await refused('REP-D', record.id, 'update_complete', outOfOrder, { firmware: '3.1.0' });
    await report(robots['REP-D'], 'REP-D', record.id, 'download_complete');
    await waitForStatus(record.id, 'download_complete');
    await refused('REP-D', record.id, 'download_complete', outOfOrder);
    // Another version than the record's, or none.
    const version = (reported: string) => message('update_report_version', { recordId: record.id, expected: '3.1.0', reported });
    await refused('REP-D', record.id, 'update_complete', version('9.9.9'), { firmware: '9.9.9' });
    await refused('REP-D', record.id, 'update_complete', version('-'));
    await report(robots['REP-D'], 'REP-D', record.id, 'update_complete', { firmware: '3.1.0' });
    const done = await waitForStatus(record.id, 'update_complete');
    expect(done).toMatchObject({ verified: true, downloadedBy: 'REP-D' });
    // Finished: a repeat, a step back or a late failure changes nothing.
    await refused('REP-D', record.id, 'update_complete', outOfOrder, { firmware: '3.1.0' });
    await refused('REP-D', record.id, 'download_complete', outOfOrder);
    await refused('REP-D', record.id, 'failed', outOfOrder, { reason: 'late' });
  });

  it('keeps a failure report without a download (a refused download is a failure too)', async () => {
    const record = await newRecord('REP-D');
    await report(robots['REP-D'], 'REP-D', record.id, 'failed', { reason: 'download refused: HTTP 403' });
    expect(await waitForStatus(record.id, 'failed')).toMatchObject({
      failureReason: 'download refused: HTTP 403',
      verified: false,
    });
  });

  it('makes an operator’s edit to "update complete" unverified, and waiting again needs a new download', async () => {
    const record = await newRecord('REP-D');
    await downloadAs(app, 'REP-D', record);
    const put = (status: string) =>
      app.inject({ method: 'PUT', url: `/api/v1/updates/${record.id}`, headers: admin, payload: { status } });
    expect((await put('update_complete')).json().data).toMatchObject({ status: 'update_complete', verified: false });
    expect((await put('waiting_download')).json().data).toMatchObject({ downloadedBy: null, downloadedAt: null });
  });
});
