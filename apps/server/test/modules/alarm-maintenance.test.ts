import { MAINTENANCE_MAX_DAYS } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { auditRecords } from '../../src/db/schema/audit.ts';
import { inMaintenance } from '../../src/modules/alarms/maintenance.ts';
import { useAlarmsApp, waitForAlarms } from '../support/alarms.ts';
import { waitForRobot } from '../support/robots.ts';
import { createTrack } from '../support/tracks.ts';

// Maintenance windows (issue 29): a robot or a track whose alarms are recorded and marked, notifying nobody.
const { app, admin, device, post } = useAlarmsApp();

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const windows = async (headers: { authorization: string }) =>
  (await app.inject({ method: 'GET', url: '/api/v1/alarm-maintenance', headers })).json().data as { id: number }[];
/** Waits until the fleet has written the robot (a window names a known robot). */
const known = async (sn: string) => {
  await app.robots.flush();
  await waitForRobot(app, sn, admin, () => true, 'registered');
};
const end = (id: number, headers: { authorization: string }) =>
  app.inject({ method: 'DELETE', url: `/api/v1/alarm-maintenance/${id}`, headers });

describe('maintenance windows', () => {
  it('level 2 opens and ends one, audited; level 3, a device and nobody cannot', async () => {
    const robot = await device('MW-PERM');
    await robot.status({ state: 'idle', battery: 80, alarms: [] });
    await known('MW-PERM');
    const staff = await app.as(2, 'mw_staff');
    const viewer = await app.as(3, 'mw_viewer');
    const body = { robotSn: 'MW-PERM', until: inMinutes(30), reason: 'belt change' };
    expect((await post('/alarm-maintenance', viewer, body)).statusCode).toBe(403);
    const basic = `Basic ${Buffer.from(`MW-PERM:${app.secrets.deviceKey}`).toString('base64')}`;
    expect((await post('/alarm-maintenance', { authorization: basic }, body)).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/v1/alarm-maintenance', payload: body })).statusCode).toBe(401);

    const opened = await post('/alarm-maintenance', staff, body);
    expect(opened.statusCode).toBe(201);
    const window = opened.json().data;
    expect(window).toMatchObject({
      robotSn: 'MW-PERM',
      trackId: null,
      reason: 'belt change',
      createdBy: 'mw_staff',
      endedAt: null,
    });
    expect((await windows(viewer)).map((w) => w.id)).toContain(window.id);
    expect(inMaintenance(app, 'MW-PERM', null)).toBe(true);
    expect(inMaintenance(app, 'MW-OTHER', null)).toBe(false);

    expect((await end(window.id, viewer)).statusCode).toBe(403);
    const ended = await end(window.id, staff);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data).toMatchObject({ endedBy: 'mw_staff' });
    expect((await end(window.id, staff)).json().code).toBe('maintenance_already_ended');
    expect((await end(999_999, staff)).statusCode).toBe(404);
    expect((await windows(viewer)).map((w) => w.id)).not.toContain(window.id);
    expect(inMaintenance(app, 'MW-PERM', null)).toBe(false);

    await app.audit.flush();
    const audited = (await app.db.select().from(auditRecords)).filter((r) => r.target.startsWith('alarm-maintenance'));
    expect(audited.map((r) => [r.type, r.username, r.result])).toEqual(
      expect.arrayContaining([
        ['create', 'mw_staff', 'success'],
        ['delete', 'mw_staff', 'success'],
      ]),
    );
    await robot.close();
  });

  it('answers bad input with a clear 400', async () => {
    const track = await createTrack(app, admin);
    const cases: [Record<string, unknown>, string][] = [
      [{ robotSn: 'MW-NONE', until: inMinutes(-1) }, 'maintenance_until_past'],
      [{ trackId: track.id, until: inMinutes(-1) }, 'maintenance_until_past'],
      [{ trackId: track.id, until: inMinutes(MAINTENANCE_MAX_DAYS * 1440 + 5) }, 'maintenance_until_too_far'],
      [{ until: inMinutes(30) }, 'maintenance_target_required'],
      [{ robotSn: 'MW-NONE', trackId: track.id, until: inMinutes(30) }, 'maintenance_target_required'],
      [{ robotSn: 'MW-NONE', until: inMinutes(30) }, 'maintenance_target_unknown'],
      [{ trackId: 999_999, until: inMinutes(30) }, 'maintenance_target_unknown'],
      [{ trackId: track.id, until: 'tomorrow' }, 'validation_failed'],
      [{ robotSn: 'a b', until: inMinutes(30) }, 'validation_failed'],
    ];
    for (const [body, code] of cases) {
      const response = await post('/alarm-maintenance', admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code, JSON.stringify(body)).toBe(code);
    }
  });

  it('marks alarms raised on a robot or track in maintenance, and no longer once it ends', async () => {
    const track = await createTrack(app, admin);
    const onTrack = await device('MW-TRACK');
    const alone = await device('MW-ALONE');
    await onTrack.status({ state: 'idle', battery: 80, trackId: track.id, alarms: [] });
    await alone.status({ state: 'idle', battery: 80, alarms: [] });
    await known('MW-ALONE');
    const trackWindow = (await post('/alarm-maintenance', admin, { trackId: track.id, until: inMinutes(10) })).json().data;
    const robotWindow = (await post('/alarm-maintenance', admin, { robotSn: 'MW-ALONE', until: inMinutes(10) })).json().data;

    await onTrack.status({ state: 'alarm', battery: 80, trackId: track.id, alarms: ['imu_comm'] });
    await alone.status({ state: 'alarm', battery: 80, alarms: ['imu_comm'] });
    const [trackAlarm] = await waitForAlarms(app, admin, 'MW-TRACK', 'imu_comm', (a) => a.length === 1, 'raised');
    const [robotAlarm] = await waitForAlarms(app, admin, 'MW-ALONE', 'imu_comm', (a) => a.length === 1, 'raised');
    expect(trackAlarm.maintenance).toBe(true);
    expect(robotAlarm.maintenance).toBe(true);

    await end(trackWindow.id, admin);
    await end(robotWindow.id, admin);
    await onTrack.status({ state: 'idle', battery: 80, trackId: track.id, alarms: [] });
    await waitForAlarms(app, admin, 'MW-TRACK', 'imu_comm', (a) => a[0]?.active === false, 'cleared');
    await onTrack.status({ state: 'alarm', battery: 80, trackId: track.id, alarms: ['imu_comm'] });
    const [again] = await waitForAlarms(app, admin, 'MW-TRACK', 'imu_comm', (a) => a.length === 2, 'raised again');
    expect(again.maintenance).toBe(false);
    await onTrack.close();
    await alone.close();
  });

  it('another instance’s window applies here once the windows are read again', async () => {
    const robot = await device('MW-ELSEWHERE');
    await robot.status({ state: 'idle', battery: 80, alarms: [] });
    const { insertWindow } = await import('../../src/modules/alarms/maintenance-repository.ts');
    await insertWindow(app.db, { robotSn: 'MW-ELSEWHERE', until: new Date(Date.now() + 60_000), createdBy: 'other' });
    expect(inMaintenance(app, 'MW-ELSEWHERE', null)).toBe(false);
    await app.alarmMaintenance.load();
    expect(inMaintenance(app, 'MW-ELSEWHERE', null)).toBe(true);
    await robot.close();
  });
});
