import { writeFile } from 'node:fs/promises';
import type { UpgradeReportPayload } from '@railserve/protocol';
import type { SimRobot } from '@railserve/robot-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileKey } from '../../src/modules/updates/files/repository.ts';
import { useTestApp } from '../helper.ts';
import { getRobot, ROBOT_TEST_CONFIG, type RobotTestEnv, startSimRobot, waitFor, waitForRobot } from '../support/robots.ts';
import { createRecord, updateContent, uploadedFileId } from '../support/updates.ts';

// The device update flow end to end: the console sends `update`, simulated robots download over
// HTTP with their credentials and the code, check the SHA-256, install, reboot and report.
const { app, admin } = useTestApp(ROBOT_TEST_CONFIG);
const robots: Record<string, SimRobot> = {};
const reports: Record<string, UpgradeReportPayload[]> = {};
let env: RobotTestEnv;
let httpUrl: string;

beforeAll(async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.mqtt.waitUntilSubscribed();
  const address = app.server.address();
  httpUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  env = { app, brokerUrl: `mqtt://127.0.0.1:${app.brokerPorts!.tcp}`, deviceKey: app.secrets.deviceKey } as RobotTestEnv;
  // UPD-2 is configured with a server address where nothing answers: its downloads fail.
  for (const sn of ['UPD-1', 'UPD-2', 'UPD-3']) {
    const robot = await startSimRobot(env, sn, { firmware: '1.0.0', httpUrl: sn === 'UPD-2' ? 'http://127.0.0.1:9' : httpUrl });
    robots[sn] = robot;
    reports[sn] = [];
    robot.on('upgrade', (report: UpgradeReportPayload) => reports[sn].push(report));
    await waitForRobot(app, sn, admin, (r) => r.connection === 'online' && r.state === 'idle', 'online and idle');
  }
}, 120_000);
afterAll(async () => {
  await Promise.all(Object.values(robots).map((r) => r.stop()));
});

const record = async (id: number) =>
  (await app.inject({ method: 'GET', url: `/api/v1/updates?pageSize=all`, headers: admin }))
    .json()
    .data.items.find((r: { id: number }) => r.id === id);
const waitForRecord = (id: number, status: string) =>
  waitFor(async () => {
    const found = await record(id);
    return found?.status === status ? found : undefined;
  }, `record ${id} ${status}`);
const sendUpdate = (sn: string, recordId: number) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/robots/${sn}/commands`,
    headers: admin,
    payload: { command: 'update', args: { recordId } },
  });

describe('updating one robot', () => {
  it('downloads, installs, restarts and reports its new firmware', async () => {
    const fileId = await uploadedFileId(app, admin, 'robotfw-1.1.0.bin', updateContent.firmware(11));
    const created = (await createRecord(app, admin, { version: '1.1.0', deviceSerial: 'UPD-1', fileId })).json().data;
    const sent = await sendUpdate('UPD-1', created.id);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.args).toEqual({ recordId: created.id, version: '1.1.0' });
    const done = await waitForRecord(created.id, 'update_complete');
    expect(done.failureReason).toBeNull();
    // The robot notes a report once the broker acknowledged it, which may come after the server handled it.
    await waitFor(() => reports['UPD-1'].length >= 2 || undefined, 'both reports acknowledged');
    expect(reports['UPD-1'].map((r) => r.stage)).toEqual(['download_complete', 'update_complete']);
    const robot = await waitForRobot(app, 'UPD-1', admin, (r) => r.firmware === '1.1.0', 'the new firmware');
    expect(robot.firmware).toBe('1.1.0');
    const again = await sendUpdate('UPD-1', created.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('update_record_not_waiting');
  });

  it('fails the record of a corrupted file with the reason, and the robot keeps its firmware', async () => {
    const fileId = await uploadedFileId(app, admin, 'robotfw-1.2.0.bin', updateContent.firmware(12));
    await writeFile(app.files.path(fileKey(fileId)), updateContent.firmware(13));
    const created = (await createRecord(app, admin, { version: '1.2.0', deviceSerial: 'UPD-3', fileId })).json().data;
    expect((await sendUpdate('UPD-3', created.id)).statusCode).toBe(200);
    const failed = await waitForRecord(created.id, 'failed');
    expect(failed.failureReason).toContain('checksum mismatch');
    await waitFor(() => robots['UPD-3'].model.state === 'idle' || undefined, 'UPD-3 idle again');
    expect((await getRobot(app, 'UPD-3', admin))?.firmware).toBe('1.0.0');
  });

  it('refuses a record meant for another robot', async () => {
    const fileId = await uploadedFileId(app, admin, 'robotfw-1.3.0.bin');
    const created = (await createRecord(app, admin, { version: '1.3.0', deviceSerial: 'UPD-1', fileId })).json().data;
    const res = await sendUpdate('UPD-3', created.id);
    expect(res.statusCode).toBe(400);
  });
});

describe('staged rollout', () => {
  const rollout = async (id: number) =>
    (await app.inject({ method: 'GET', url: `/api/v1/updates/rollouts/${id}`, headers: admin })).json().data;
  const waitForRollout = (id: number, status: string) =>
    waitFor(
      async () => {
        const found = await rollout(id);
        return found.status === status ? found : undefined;
      },
      `rollout ${id} ${status}`,
      20_000,
    );

  it('continues to the rest after the first group succeeded, and stops at the robot that failed', async () => {
    const fileId = await uploadedFileId(app, admin, 'robotfw-2.0.0.bin', updateContent.firmware(20));
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/updates/rollouts',
      headers: admin,
      payload: { fileId, scope: { kind: 'all' }, firstGroupSize: 1 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.robots.map((r: { sn: string; group: string }) => [r.sn, r.group])).toEqual([
      ['UPD-1', 'first'],
      ['UPD-2', 'rest'],
      ['UPD-3', 'rest'],
    ]);
    const stopped = await waitForRollout(res.json().data.id, 'stopped');
    expect(stopped.stoppedAt).toEqual({
      sn: 'UPD-2',
      reason: expect.stringContaining('download failed'),
      failure: { code: 'download_failed', values: {} },
    });
    expect(stopped.robots.find((r: { sn: string }) => r.sn === 'UPD-1').status).toBe('update_complete');
  }, 40_000);

  it('never sends the rest when the first group fails', async () => {
    // UPD-1 restarts after the rollout above; one it is not sent to (offline) would stop this one first.
    await waitForRobot(app, 'UPD-1', admin, (r) => r.connection === 'online' && r.state === 'idle', 'UPD-1 back');
    const fileId = await uploadedFileId(app, admin, 'robotfw-2.1.0.bin', updateContent.firmware(21));
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/updates/rollouts',
      headers: admin,
      payload: { fileId, scope: { kind: 'all' }, firstGroupSize: 2 },
    });
    const stopped = await waitForRollout(res.json().data.id, 'stopped');
    expect(stopped.stoppedAt.sn).toBe('UPD-2');
    expect(stopped.robots.find((r: { sn: string }) => r.sn === 'UPD-3').status).toBe('waiting_download');
  }, 40_000);

  it('completes a rollout to one robot, and refuses an empty scope and bad input', async () => {
    const fileId = await uploadedFileId(app, admin, 'robotfw-2.2.0.bin', updateContent.firmware(22));
    const post = (payload: unknown, headers = admin) =>
      app.inject({ method: 'POST', url: '/api/v1/updates/rollouts', headers, payload: payload as object });
    // A robot of its own, untouched by the rollouts above.
    robots['UPD-4'] = await startSimRobot(env, 'UPD-4', { firmware: '1.0.0', httpUrl });
    await waitForRobot(app, 'UPD-4', admin, (r) => r.connection === 'online' && r.state === 'idle', 'online and idle');
    const one = await post({ fileId, scope: { kind: 'robot', sn: 'UPD-4' }, firstGroupSize: 1 });
    const done = await waitForRollout(one.json().data.id, 'completed');
    expect(done.robots).toEqual([expect.objectContaining({ sn: 'UPD-4', status: 'update_complete' })]);
    const empty = await post({ fileId, scope: { kind: 'track', trackId: 2147483647 }, firstGroupSize: 1 });
    expect(empty.json().code).toBe('rollout_no_robots');
    expect((await post({ fileId, scope: { kind: 'robot', sn: 'a/b' }, firstGroupSize: 1 })).statusCode).toBe(400);
    expect((await post({ fileId, scope: { kind: 'all' }, firstGroupSize: 0 })).statusCode).toBe(400);
    expect((await post({ fileId, scope: { kind: 'all' }, firstGroupSize: 1 }, await app.as(2))).statusCode).toBe(403);
  }, 40_000);
});
