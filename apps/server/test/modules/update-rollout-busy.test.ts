import { formatCommandError } from '@railserve/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helper.ts';
import { auditTrail } from '../support/audit.ts';
import { type RawDevice, ROBOT_TEST_CONFIG, type RobotTestEnv, rawDevice, waitFor, waitForRobot } from '../support/robots.ts';
import { downloadAs, getRecord, report } from '../support/update-reports.ts';
import { updateContent, uploadedFileId } from '../support/updates.ts';

// "Busy" is an expected answer to a rollout's update command: the robot waits and is asked
// again while the others go on; only past its deadline does it fail the rollout, which can then
// be resumed.
const { app, admin } = useTestApp({
  ...ROBOT_TEST_CONFIG,
  robotOfflineAfterMs: 600_000,
  rolloutRetryMs: 100,
  rolloutBusyDeadlineMs: 60_000,
});
const devices: Record<string, RawDevice> = {};
/** The update commands each robot received. */
const received: Record<string, number> = {};
/** Robots that answer every update "robot is busy", as the firmware does while driving. */
const busy = new Set<string>();
/** Robots that refuse every update because of an alarm. */
const inAlarm = new Set<string>();

beforeAll(async () => {
  await app.mqtt.waitUntilSubscribed();
  const env = { app, brokerUrl: `mqtt://127.0.0.1:${app.brokerPorts!.tcp}`, deviceKey: app.secrets.deviceKey } as RobotTestEnv;
  for (const sn of ['BUSY-1', 'BUSY-2']) {
    received[sn] = 0;
    devices[sn] = await rawDevice(env, sn, (command) => {
      if (command !== 'update') return { ok: true };
      received[sn]++;
      if (inAlarm.has(sn)) return { ok: false, error: formatCommandError('robot_in_alarm') };
      return busy.has(sn) ? { ok: false, error: formatCommandError('robot_busy') } : { ok: true };
    });
    await devices[sn].status({ state: 'idle', battery: 90, alarms: [] });
    await waitForRobot(app, sn, admin, (r) => r.connection === 'online', 'online');
  }
});
afterAll(async () => {
  await Promise.all(Object.values(devices).map((d) => d.close()));
});

type RolloutRobot = { sn: string; recordId: number; status: string; retryAt: string | null; deadline: string | null };
const rollout = async (id: number) =>
  (await app.inject({ method: 'GET', url: `/api/v1/updates/rollouts/${id}`, headers: admin })).json().data;
const robotOf = async (id: number, sn: string): Promise<RolloutRobot> =>
  (await rollout(id)).robots.find((r: RolloutRobot) => r.sn === sn);
const start = async (fileId: number, scope: object, firstGroupSize: number) => {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/updates/rollouts',
    headers: admin,
    payload: { fileId, scope, firstGroupSize },
  });
  expect(created.statusCode).toBe(201);
  return created.json().data.id as number;
};
/** The robot installs its update as the firmware does: downloads as itself, reports both steps. */
async function install(sn: string, recordId: number, version: string) {
  const record = await getRecord(app, admin, recordId);
  expect((await downloadAs(app, sn, record)).statusCode).toBe(200);
  await report(devices[sn].client, sn, recordId, 'download_complete');
  await waitFor(async () => (await getRecord(app, admin, recordId)).status === 'download_complete' || undefined, 'downloaded');
  await report(devices[sn].client, sn, recordId, 'update_complete', { firmware: version });
  await waitFor(async () => (await getRecord(app, admin, recordId)).verified || undefined, `${sn} verified`);
}

describe('a rollout and a busy robot', () => {
  it('keeps a busy robot waiting, asks it again, and updates the others meanwhile', async () => {
    busy.add('BUSY-1');
    const fileId = await uploadedFileId(app, admin, 'robotfw-5.0.0.bin', updateContent.firmware(50));
    const id = await start(fileId, { kind: 'all' }, 2);
    // Asked again and again while it stays busy: the rollout does not stop.
    await waitFor(() => received['BUSY-1'] >= 3 || undefined, 'BUSY-1 asked three times');
    // Read between two retries: while one is on its way, the robot has no next retry time yet.
    const waiting = await waitFor(async () => {
      const robot = await robotOf(id, 'BUSY-1');
      return robot.retryAt ? robot : undefined;
    }, 'BUSY-1 waiting for its next retry');
    expect(waiting).toMatchObject({ status: 'waiting_download' });
    expect(Date.parse(waiting.deadline ?? '')).toBeGreaterThan(Date.now());
    expect((await rollout(id)).status).toBe('first_group');

    // The other robot of the group goes on meanwhile.
    await install('BUSY-2', (await robotOf(id, 'BUSY-2')).recordId, '5.0.0');
    expect((await rollout(id)).status).toBe('first_group');

    // Free again: the next retry is taken, and the rollout completes.
    busy.delete('BUSY-1');
    const asked = received['BUSY-1'];
    await waitFor(() => received['BUSY-1'] > asked || undefined, 'BUSY-1 asked once more');
    const record = await waitFor(async () => {
      const robot = await robotOf(id, 'BUSY-1');
      return robot.retryAt === null ? robot : undefined;
    }, 'BUSY-1 no longer waiting');
    await install('BUSY-1', record.recordId, '5.0.0');
    await waitFor(async () => (await rollout(id)).status === 'completed' || undefined, 'completed');
  });

  it('fails a robot busy past its deadline, stops there, and resumes from the screen’s action', async () => {
    app.config.rolloutBusyDeadlineMs = 300;
    busy.add('BUSY-1');
    const fileId = await uploadedFileId(app, admin, 'robotfw-5.1.0.bin', updateContent.firmware(51));
    const id = await start(fileId, { kind: 'robot', sn: 'BUSY-1' }, 1);
    const stopped = await waitFor(async () => {
      const found = await rollout(id);
      return found.status === 'stopped' ? found : undefined;
    }, 'stopped');
    expect(stopped.stoppedAt).toMatchObject({ sn: 'BUSY-1', failure: { code: 'busy_deadline', values: {} } });
    expect(stopped.robots[0]).toMatchObject({ status: 'failed', failure: { code: 'busy_deadline' } });

    // Resuming is an update-writing action: a staff user may not.
    const resume = (headers: { authorization: string }) =>
      app.inject({ method: 'POST', url: `/api/v1/updates/rollouts/${id}/resume`, headers });
    expect((await resume(await app.as(2))).statusCode).toBe(403);

    app.config.rolloutBusyDeadlineMs = 60_000;
    busy.delete('BUSY-1');
    const asked = received['BUSY-1'];
    const resumed = await resume(admin);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data).toMatchObject({ status: 'first_group', stoppedAt: null });
    expect(resumed.json().data.robots[0]).toMatchObject({ status: 'waiting_download', failureReason: null });
    await waitFor(() => received['BUSY-1'] > asked || undefined, 'asked again');
    await install('BUSY-1', stopped.robots[0].recordId, '5.1.0');
    await waitFor(async () => (await rollout(id)).status === 'completed' || undefined, 'completed');

    const again = await resume(admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('rollout_not_stopped');
    const audited = (await auditTrail(app)).filter((r) => r.target === `updates/rollouts/${id}/resume`);
    // Newest first: the refused second resume, the resume, the staff user's denied one.
    expect(audited.map((r) => [r.type, r.result])).toEqual([
      ['update', 'failed'],
      ['update', 'success'],
      ['update', 'failed'],
    ]);
  });

  it('fails a robot that refuses for another reason at once, as before', async () => {
    inAlarm.add('BUSY-2');
    const fileId = await uploadedFileId(app, admin, 'robotfw-5.2.0.bin', updateContent.firmware(52));
    const id = await start(fileId, { kind: 'robot', sn: 'BUSY-2' }, 1);
    const stopped = await waitFor(async () => {
      const found = await rollout(id);
      return found.status === 'stopped' ? found : undefined;
    }, 'stopped');
    expect(stopped.stoppedAt.failure).toEqual({
      code: 'device_refused',
      values: { error: formatCommandError('robot_in_alarm') },
    });
    expect(received['BUSY-2']).toBe(2);
  });
});
