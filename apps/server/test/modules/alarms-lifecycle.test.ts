import { alarmSeverityOf, topics } from '@railserve/protocol';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openAlarms } from '../../src/modules/alarms/repository.ts';
import { TRANSITIONS_PER_STATEMENT } from '../../src/modules/alarms/transitions.ts';
import { alarmDetail, listAlarms, useAlarmsApp, waitForAlarms } from '../support/alarms.ts';
import { closed, connected } from '../support/broker-clients.ts';

// The alarm center's lifecycle from what robots send (issue 29); its API and live feed: alarms-api.test.ts.
const { app, admin, mqtt, device, alert } = useAlarmsApp();

describe('lifecycle', () => {
  it('opens one alarm per occurrence, counts repeats and closes it when the status no longer holds the code', async () => {
    const robot = await device('AL-ONE');
    await robot.status({ state: 'alarm', battery: 80, alarms: ['left_motor_comm'] });
    await robot.status({ state: 'alarm', battery: 80, alarms: ['left_motor_comm'] });
    const [opened] = await waitForAlarms(app, admin, 'AL-ONE', 'left_motor_comm', (a) => a.length === 1, 'raised');
    expect(opened).toMatchObject({ severity: 'critical', active: true, acknowledged: false, count: 1, clearedBy: null });
    await alert(robot, 'AL-ONE', 'left_motor_comm', true);
    await waitForAlarms(app, admin, 'AL-ONE', 'left_motor_comm', (a) => a[0]?.count === 2, 'repeated');
    await robot.status({ state: 'idle', battery: 80, alarms: [] });
    const [cleared] = await waitForAlarms(app, admin, 'AL-ONE', 'left_motor_comm', (a) => !a[0]?.active, 'cleared');
    expect(cleared).toMatchObject({ clearedBy: 'device', count: 2 });
    expect(cleared.clearedAt).not.toBeNull();
    const detail = await alarmDetail(app, admin, cleared.id);
    expect(detail.timeline.map((e) => e.kind)).toEqual(['raised', 'repeated', 'cleared']);
    // The next occurrence is a new alarm.
    await alert(robot, 'AL-ONE', 'left_motor_comm', true);
    const both = await waitForAlarms(app, admin, 'AL-ONE', 'left_motor_comm', (a) => a.length === 2, 'a second occurrence');
    expect(both[0]).toMatchObject({ active: true, count: 1 });
    await alert(robot, 'AL-ONE', 'left_motor_comm', false);
    await waitForAlarms(app, admin, 'AL-ONE', 'left_motor_comm', (a) => !a[0]?.active, 'cleared by an alert');
    await robot.close();
  });

  it('writes a storm decided at once in order: each robot’s alarm opened once and closed, and one raised, cleared and raised again twice', async () => {
    const lifecycle = app.alarms;
    const ts = new Date().toISOString();
    // More than one statement's worth: the alarms and their timelines written in several.
    const sns = Array.from({ length: TRANSITIONS_PER_STATEMENT + 50 }, (_, i) => `AL-STORM-${i}`);
    const before = lifecycle.transitions;
    for (const sn of sns) lifecycle.alert({ sn, code: 'network_timeout', active: true, ts }, 7);
    for (const sn of sns) lifecycle.alert({ sn, code: 'network_timeout', active: false, ts }, 7);
    lifecycle.alert({ sn: 'AL-STORM-0', code: 'imu_stuck', active: true, ts }, 7);
    lifecycle.alert({ sn: 'AL-STORM-0', code: 'imu_stuck', active: false, ts }, 7);
    lifecycle.alert({ sn: 'AL-STORM-0', code: 'imu_stuck', active: true, ts }, 7);
    await lifecycle.flush();
    expect(lifecycle.transitions - before).toBe(2 * sns.length + 3);
    const storm = (
      await Promise.all(
        Array.from({ length: Math.ceil(sns.length / 100) }, (_, i) =>
          listAlarms(app, admin, `code=network_timeout&trackId=7&pageSize=100&page=${i + 1}`),
        ),
      )
    ).flat();
    expect(new Set(storm.filter((a) => a.robotSn.startsWith('AL-STORM-')).map((a) => a.robotSn)).size).toBe(sns.length);
    expect(storm.every((a) => !a.active && a.clearedBy === 'device')).toBe(true);
    for (const alarm of [storm[0], storm.at(-1)!])
      expect((await alarmDetail(app, admin, alarm.id)).timeline.map((e) => e.kind)).toEqual(['raised', 'cleared']);
    const twice = await listAlarms(app, admin, 'robotSn=AL-STORM-0&code=imu_stuck');
    expect(twice.map((a) => a.active)).toEqual([true, false]);
  });

  it('opens a batch in one statement: each alarm its own values and severity, one already active left out', async () => {
    await app.db.execute(
      sql`INSERT INTO alarm_settings (key, value) VALUES ('severity_overrides', '{"network_timeout":"warning"}')
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
    const at = new Date('2026-11-28T10:00:00.123Z');
    const open = (robotSn: string, code: string, trackId: number | null) => ({
      robotSn,
      trackId,
      code,
      severity: alarmSeverityOf(code),
      raisedAt: at,
      lastRaisedAt: at,
      suppressed: code === 'network_timeout',
      flapping: false,
      maintenance: trackId === null,
    });
    try {
      const first = await openAlarms(app.db, [open('AL-BATCH-1', 'network_timeout', 3), open('AL-BATCH-2', 'imu_stuck', null)]);
      expect(
        first.map(({ robotSn, code, trackId, severity, raisedAt, suppressed, maintenance, active, count }) => ({
          robotSn,
          code,
          trackId,
          severity,
          raisedAt,
          suppressed,
          maintenance,
          active,
          count,
        })),
      ).toEqual([
        {
          robotSn: 'AL-BATCH-1',
          code: 'network_timeout',
          trackId: 3,
          severity: 'warning',
          raisedAt: at,
          suppressed: true,
          maintenance: false,
          active: true,
          count: 1,
        },
        {
          robotSn: 'AL-BATCH-2',
          code: 'imu_stuck',
          trackId: null,
          severity: 'critical',
          raisedAt: at,
          suppressed: false,
          maintenance: true,
          active: true,
          count: 1,
        },
      ]);
      // Another instance's raise of the same active alarm opens nothing; the new one beside it opens.
      const again = await openAlarms(app.db, [open('AL-BATCH-1', 'network_timeout', 3), open('AL-BATCH-3', 'imu_stuck', 3)]);
      expect(again.map((row) => row.robotSn)).toEqual(['AL-BATCH-3']);
      for (const row of [...first, ...again])
        expect((await alarmDetail(app, admin, row.id)).timeline.map((e) => e.kind)).toEqual(['raised']);
      expect(await listAlarms(app, admin, 'robotSn=AL-BATCH-1')).toHaveLength(1);
    } finally {
      await app.db.execute(sql`DELETE FROM alarm_settings WHERE key = 'severity_overrides'`);
    }
  });

  it('keeps a code of newer firmware as an unknown alarm with its raw code', async () => {
    const robot = await device('AL-NEW');
    await robot.status({ state: 'idle', battery: 80, alarms: ['lidar_dirty'] });
    const [unknown] = await waitForAlarms(app, admin, 'AL-NEW', 'lidar_dirty', (a) => a.length === 1, 'raised');
    expect(unknown).toMatchObject({ code: 'lidar_dirty', severity: 'major', active: true });
    await robot.close();
  });

  it('raises robot_offline for a last will and clears it when the robot is back', async () => {
    const robot = await device('AL-WILL');
    await robot.status({ state: 'idle', battery: 80 });
    await app.robots.flush();
    await robot.status({ connection: 'offline' });
    const [offline] = await waitForAlarms(app, admin, 'AL-WILL', 'robot_offline', (a) => a[0]?.active === true, 'offline');
    expect(offline.severity).toBe('major');
    await robot.status({ state: 'idle', battery: 80 });
    const [back] = await waitForAlarms(app, admin, 'AL-WILL', 'robot_offline', (a) => a[0]?.active === false, 'back');
    expect(back.clearedBy).toBe('server');
    await robot.close();
  });

  it('raises robot_offline for a robot silent longer than the offline period', async () => {
    const robot = await device('AL-QUIET');
    await robot.status({ state: 'idle', battery: 80 });
    await robot.close();
    await waitForAlarms(app, admin, 'AL-QUIET', 'robot_offline', (a) => a[0]?.active === true, 'silent');
  });

  it('lets no device raise or clear another robot’s alarm, and drops invalid payloads', async () => {
    const owner = await device('AL-OWNER');
    await owner.status({ state: 'alarm', battery: 80, alarms: ['imu_stuck'] });
    await waitForAlarms(app, admin, 'AL-OWNER', 'imu_stuck', (a) => a[0]?.active === true, 'raised');
    // On its own topic, naming the other robot: dropped by the ingest.
    const rogue = await device('AL-ROGUE');
    await rogue.publish(topics.alert('AL-ROGUE'), {
      sn: 'AL-OWNER',
      code: 'imu_stuck',
      active: false,
      ts: new Date().toISOString(),
    });
    // Invalid: not a code, not JSON.
    await rogue.publish(topics.alert('AL-ROGUE'), {
      sn: 'AL-ROGUE',
      code: 'Not A Code!',
      active: true,
      ts: new Date().toISOString(),
    });
    await rogue.publish(topics.alert('AL-ROGUE'), '{oops');
    // On the other robot's topic: the broker closes the connection.
    const forger = mqtt.robot('AL-FORGER');
    expect(await connected(forger)).toBe(true);
    forger.publish(
      topics.alert('AL-OWNER'),
      JSON.stringify({ sn: 'AL-OWNER', code: 'imu_stuck', active: false, ts: new Date().toISOString() }),
    );
    await closed(forger);
    // A valid alert after them all shows they were taken in order and refused.
    await alert(rogue, 'AL-ROGUE', 'low_battery', true);
    await waitForAlarms(app, admin, 'AL-ROGUE', 'low_battery', (a) => a.length === 1, 'the valid alert');
    expect(await listAlarms(app, admin, 'robotSn=AL-ROGUE&pageSize=100')).toHaveLength(1);
    const [still] = await listAlarms(app, admin, 'robotSn=AL-OWNER&code=imu_stuck');
    expect(still.active).toBe(true);
    await owner.close();
    await rogue.close();
  });

  it('records communication alarms as suppressed while the robot’s link is down, and no others', async () => {
    const robot = await device('AL-LINK');
    await robot.status({ state: 'alarm', battery: 80, alarms: ['network_timeout'] });
    await waitForAlarms(app, admin, 'AL-LINK', 'network_timeout', (a) => a.length === 1, 'raised');
    await alert(robot, 'AL-LINK', 'imu_comm', true);
    await alert(robot, 'AL-LINK', 'imu_stuck', true);
    const [comm] = await waitForAlarms(app, admin, 'AL-LINK', 'imu_comm', (a) => a.length === 1, 'raised');
    const [stuck] = await waitForAlarms(app, admin, 'AL-LINK', 'imu_stuck', (a) => a.length === 1, 'raised');
    const [link] = await listAlarms(app, admin, 'robotSn=AL-LINK&code=network_timeout');
    expect([comm.suppressed, stuck.suppressed, link.suppressed]).toEqual([true, false, false]);
    await robot.close();
  });

  it('marks an alarm that raises and clears 5 times within 10 minutes as flapping', async () => {
    const robot = await device('AL-FLAP');
    for (let i = 0; i < 5; i++) {
      await alert(robot, 'AL-FLAP', 'read_point_timeout', true);
      await alert(robot, 'AL-FLAP', 'read_point_timeout', false);
    }
    const alarms = await waitForAlarms(
      app,
      admin,
      'AL-FLAP',
      'read_point_timeout',
      (a) => a.length === 5 && !a[0].active,
      'five',
    );
    // Newest first: the fifth occurrence flaps, the four before it did not yet.
    expect(alarms.map((a) => a.flapping)).toEqual([true, false, false, false, false]);
    await robot.close();
  });

  it('closes a removed robot’s alarms', async () => {
    const robot = await device('AL-GONE');
    await robot.status({ state: 'alarm', battery: 80, alarms: ['rfid_comm'] });
    await waitForAlarms(app, admin, 'AL-GONE', 'rfid_comm', (a) => a[0]?.active === true, 'raised');
    await robot.close();
    await app.robots.flush();
    const removed = await app.inject({ method: 'DELETE', url: '/api/v1/robots/AL-GONE', headers: admin });
    expect(removed.statusCode).toBe(200);
    const [closedAlarm] = await waitForAlarms(app, admin, 'AL-GONE', 'rfid_comm', (a) => a[0]?.active === false, 'closed');
    expect(closedAlarm.clearedBy).toBe('removal');
  });
});
