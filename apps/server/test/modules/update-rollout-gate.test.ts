import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { robots } from '../../src/db/schema/robots.ts';
import { useTestApp } from '../helper.ts';
import { type RawDevice, ROBOT_TEST_CONFIG, type RobotTestEnv, rawDevice, waitFor, waitForRobot } from '../support/robots.ts';
import { downloadAs, getRecord, report } from '../support/update-reports.ts';
import { updateContent, uploadedFileId } from '../support/updates.ts';

// A staged rollout's gate opens only on verified completions: a robot of the first group that
// reports "update complete" without downloading, or an operator's edit, sends nothing to the rest.
const { app, admin } = useTestApp(ROBOT_TEST_CONFIG);
const devices: Record<string, RawDevice> = {};
/** The update commands each robot received. */
const received: Record<string, string[]> = {};
let env: RobotTestEnv;

beforeAll(async () => {
  await app.mqtt.waitUntilSubscribed();
  env = { app, brokerUrl: `mqtt://127.0.0.1:${app.brokerPorts!.tcp}`, deviceKey: app.secrets.deviceKey } as RobotTestEnv;
  for (const sn of ['GATE-1', 'GATE-2', 'GATE-3']) {
    received[sn] = [];
    devices[sn] = await rawDevice(env, sn, (command) => {
      received[sn].push(command);
      return { ok: true };
    });
    await devices[sn].status({ connection: 'online', state: 'idle', battery: 90, alarms: [] });
    await waitForRobot(app, sn, admin, (r) => r.connection === 'online', 'online');
  }
});
afterAll(async () => {
  await Promise.all(Object.values(devices).map((d) => d.close()));
});

const client = (sn: string): MqttClient => devices[sn].client;

describe('the rollout gate', () => {
  it('stays shut for an unverified "complete" and opens once the whole first group is verified', async () => {
    const fileId = await uploadedFileId(app, admin, 'robotfw-4.0.0.bin', updateContent.firmware(40));
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/updates/rollouts',
      headers: admin,
      payload: { fileId, scope: { kind: 'all' }, firstGroupSize: 2 },
    });
    expect(created.statusCode).toBe(201);
    const rollout = created.json().data;
    const recordOf = (sn: string) => rollout.robots.find((r: { sn: string }) => r.sn === sn).recordId as number;
    const full = async (sn: string) => {
      const found = await getRecord(app, admin, recordOf(sn));
      return { id: found.id as number, verificationCode: found.verificationCode as string };
    };
    await waitFor(() => (received['GATE-1'].length && received['GATE-2'].length) || undefined, 'first group sent');

    // The old shortcut: "update complete" straight from waiting for download, with the right version.
    await report(client('GATE-1'), 'GATE-1', recordOf('GATE-1'), 'update_complete', { firmware: '4.0.0' });
    // An operator marks the other robot of the first group complete by hand.
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/v1/updates/${recordOf('GATE-2')}`,
      headers: admin,
      payload: { status: 'update_complete' },
    });
    expect(edited.json().data).toMatchObject({ status: 'update_complete', verified: false });

    // GATE-1 then does it properly: downloads as itself, reports both steps.
    expect((await downloadAs(app, 'GATE-1', await full('GATE-1'))).statusCode).toBe(200);
    await report(client('GATE-1'), 'GATE-1', recordOf('GATE-1'), 'download_complete');
    await waitFor(
      async () => (await getRecord(app, admin, recordOf('GATE-1'))).status === 'download_complete' || undefined,
      'GATE-1 downloaded',
    );
    await report(client('GATE-1'), 'GATE-1', recordOf('GATE-1'), 'update_complete', { firmware: '4.0.0' });
    await waitFor(async () => (await getRecord(app, admin, recordOf('GATE-1'))).verified || undefined, 'GATE-1 verified');

    // GATE-2 is still unverified: the rest waits. Its own device's proper reports open the gate.
    await app.inject({
      method: 'PUT',
      url: `/api/v1/updates/${recordOf('GATE-2')}`,
      headers: admin,
      payload: { status: 'waiting_download' },
    });
    expect((await downloadAs(app, 'GATE-2', await full('GATE-2'))).statusCode).toBe(200);
    await report(client('GATE-2'), 'GATE-2', recordOf('GATE-2'), 'download_complete');
    await waitFor(
      async () => (await getRecord(app, admin, recordOf('GATE-2'))).status === 'download_complete' || undefined,
      'GATE-2 downloaded',
    );
    await report(client('GATE-2'), 'GATE-2', recordOf('GATE-2'), 'update_complete', { firmware: '4.0.0' });
    const verified = await waitFor(async () => {
      const found = await getRecord(app, admin, recordOf('GATE-2'));
      return found.verified ? found : undefined;
    }, 'GATE-2 verified');
    await waitFor(() => received['GATE-3'].length || undefined, 'the rest sent');

    // The rest's one command was sent after the first group's last verified completion, never before.
    const commands = (await app.inject({ method: 'GET', url: '/api/v1/robots/GATE-3/commands', headers: admin })).json().data;
    const updates = commands.items.filter((c: { command: string }) => c.command === 'update');
    expect(updates).toHaveLength(1);
    expect(Date.parse(updates[0].sentAt)).toBeGreaterThanOrEqual(Date.parse(verified.updatedAt));
    const after = (await app.inject({ method: 'GET', url: `/api/v1/updates/rollouts/${rollout.id}`, headers: admin })).json()
      .data;
    expect(after.status).toBe('rest');
  }, 60_000);
});

describe('a rollout to a robot that has just come back', () => {
  it('is sent to it while its row still says offline: it is checked as the console shows it', async () => {
    received['GATE-4'] = [];
    devices['GATE-4'] = await rawDevice(env, 'GATE-4', (command) => {
      received['GATE-4'].push(command);
      return { ok: true };
    });
    await devices['GATE-4'].status({ connection: 'online', state: 'idle', battery: 90, alarms: [] });
    await waitForRobot(app, 'GATE-4', admin, (r) => r.connection === 'online', 'online');
    await app.robots.flush();
    // The row as it was before the robot's status was written (the writes gather for 100 ms and
    // can wait behind others): offline, heard long ago.
    await app.db
      .update(robots)
      .set({ connection: 'offline', lastUpdate: new Date(0) })
      .where(eq(robots.sn, 'GATE-4'));
    const fileId = await uploadedFileId(app, admin, 'robotfw-4.1.0.bin', updateContent.firmware(41));
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/updates/rollouts',
      headers: admin,
      payload: { fileId, scope: { kind: 'robot', sn: 'GATE-4' }, firstGroupSize: 1 },
    });
    expect(created.statusCode).toBe(201);
    await waitFor(() => received['GATE-4'].length || undefined, 'GATE-4 sent its update');
    const rollout = (
      await app.inject({ method: 'GET', url: `/api/v1/updates/rollouts/${created.json().data.id}`, headers: admin })
    ).json().data;
    expect(rollout).toMatchObject({ status: 'first_group', robots: [{ sn: 'GATE-4', status: 'waiting_download' }] });
  });
});
