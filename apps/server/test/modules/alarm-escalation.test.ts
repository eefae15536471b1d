import { type ConsoleAlarmNoticesPayload, topics } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { downtimeCodes } from '../../src/modules/alarms/downtime.ts';
import { sweepEscalations } from '../../src/modules/alarms/escalation.ts';
import { alarmDetail, useAlarmsApp, waitForAlarms } from '../support/alarms.ts';
import { connected, grantedQos } from '../support/broker-clients.ts';
import { waitFor } from '../support/robots.ts';

// Alarm settings and escalation (issue 29): severity overrides, downtime codes, escalation times, levels 0-1 only.
const { app, admin, mqtt, device, post } = useAlarmsApp();
const MINUTE = 60_000;
const put = (headers: { authorization: string }, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/v1/alarm-settings', headers, payload });
const settings = async () => (await app.inject({ method: 'GET', url: '/api/v1/alarm-settings', headers: admin })).json().data;

describe('alarm settings', () => {
  it('answers the defaults, and only levels 0-1 read or change them', async () => {
    const current = await settings();
    expect(current).toMatchObject({ severityOverrides: {}, escalateAfterS: 300, renotifyAfterS: 1800 });
    expect(current.downtimeCodes).not.toContain('low_battery');
    for (const level of [2, 3] as const) {
      const user = await app.as(level);
      expect((await app.inject({ method: 'GET', url: '/api/v1/alarm-settings', headers: user })).statusCode).toBe(403);
      expect((await put(user, current)).statusCode).toBe(403);
    }
    expect((await put({ authorization: '' }, current)).statusCode).toBe(401);
    const maker = await app.as(1);
    expect((await put(maker, { ...current, escalateAfterS: 30 })).json().details[0].message).toBe('too_small');
    expect((await put(maker, { ...current, severityOverrides: { imu_stuck: 'loud' } })).statusCode).toBe(400);
    expect((await put(maker, { ...current, downtimeCodes: ['not_a_code'] })).statusCode).toBe(400);
    expect((await put(maker, current)).statusCode).toBe(200);
  });

  it('gives newly raised alarms the overridden severity; raised ones keep theirs', async () => {
    const robot = await device('AS-SEV');
    await robot.status({ state: 'alarm', battery: 80, alarms: ['init_timeout'] });
    const [before] = await waitForAlarms(app, admin, 'AS-SEV', 'init_timeout', (a) => a.length === 1, 'raised');
    expect(before.severity).toBe('minor');
    const current = await settings();
    const changed = await put(admin, { ...current, severityOverrides: { init_timeout: 'critical', unknown: 'warning' } });
    expect(changed.json().data.severityOverrides).toEqual({ init_timeout: 'critical', unknown: 'warning' });
    await robot.status({ state: 'alarm', battery: 80, alarms: ['init_timeout', 'brand_new_code'] });
    const [unknown] = await waitForAlarms(app, admin, 'AS-SEV', 'brand_new_code', (a) => a.length === 1, 'raised');
    expect(unknown.severity).toBe('warning');
    const [still] = await waitForAlarms(app, admin, 'AS-SEV', 'init_timeout', (a) => a.length === 1, 'unchanged');
    expect(still.severity).toBe('minor');
    await robot.status({ state: 'idle', battery: 80, alarms: [] });
    await waitForAlarms(app, admin, 'AS-SEV', 'init_timeout', (a) => a[0]?.active === false, 'cleared');
    await robot.status({ state: 'alarm', battery: 80, alarms: ['init_timeout'] });
    const [after] = await waitForAlarms(app, admin, 'AS-SEV', 'init_timeout', (a) => a.length === 2, 'raised again');
    expect(after.severity).toBe('critical');
    await put(admin, { ...current, severityOverrides: {} });
    await robot.close();
  });

  it('keeps one list of downtime codes for the alarm report and analytics', async () => {
    const current = await settings();
    await put(admin, { ...current, downtimeCodes: ['imu_stuck', 'low_battery'] });
    expect(await downtimeCodes(app.db)).toEqual(['imu_stuck', 'low_battery']);
    const analytics = await app.inject({ method: 'GET', url: '/api/v1/analytics/settings', headers: admin });
    expect(analytics.json().data.downtimeAlarms).toEqual(['imu_stuck', 'low_battery']);
    await put(admin, current);
  });
});

describe('escalation', () => {
  it('escalates an unacknowledged critical alarm once, tells levels 0-1 live, and tells again after acknowledgement', async () => {
    const maker = await app.as(1);
    const viewer = await app.as(3);
    const console1 = mqtt.browser(maker.authorization.slice('Bearer '.length));
    expect(await connected(console1)).toBe(true);
    await console1.subscribeAsync(topics.consoleAlarmNotices);
    const notices: ConsoleAlarmNoticesPayload[] = [];
    console1.on('message', (topic, payload) => {
      if (topic === topics.consoleAlarmNotices) notices.push(JSON.parse(payload.toString()));
    });
    // A level 3 console may not read the notices.
    const console3 = mqtt.browser(viewer.authorization.slice('Bearer '.length));
    expect(await connected(console3)).toBe(true);
    expect(await grantedQos(console3, [topics.consoleAlarmNotices])).toEqual([128]);

    const robot = await device('AS-ESC');
    // Nor may a robot.
    expect(await grantedQos(robot.client, [topics.consoleAlarmNotices])).toEqual([128]);
    await robot.status({ state: 'alarm', battery: 80, alarms: ['imu_stuck', 'subrobot_retry'] });
    const [alarm] = await waitForAlarms(app, admin, 'AS-ESC', 'imu_stuck', (a) => a.length === 1, 'raised');
    const raised = Date.parse(alarm.raisedAt);
    expect((await app.alarmNotify.escalate(new Date(raised + 4 * MINUTE))).escalated).toBe(0);
    // Two instances sweep at once: the alarm escalates once.
    const times = { escalateAfterS: 300, renotifyAfterS: 1800 };
    const at = new Date(raised + 6 * MINUTE);
    const both = await Promise.all([sweepEscalations(app.db, at, times), sweepEscalations(app.db, at, times)]);
    expect(both.flatMap((s) => s.escalated).filter((row) => row.id === alarm.id)).toHaveLength(1);
    expect((await app.alarmNotify.escalate(new Date(raised + 20 * MINUTE))).escalated).toBe(0);
    expect((await alarmDetail(app, admin, alarm.id)).timeline.filter((e) => e.kind === 'escalated')).toHaveLength(1);
    // The minor one never escalates.
    const [minor] = await waitForAlarms(app, admin, 'AS-ESC', 'subrobot_retry', (a) => a.length === 1, 'raised');
    expect((await alarmDetail(app, admin, minor.id)).timeline.map((e) => e.kind)).toEqual(['raised']);

    await post(`/alarms/${alarm.id}/ack`, admin);
    const acked = Date.now();
    const renotified = await app.alarmNotify.escalate(new Date(acked + 31 * MINUTE));
    expect(renotified.renotified).toBeGreaterThanOrEqual(1);
    const notice = await waitFor(
      () => notices.flatMap((n) => n.notices).find((n) => n.kind === 'renotified' && n.alarm.id === alarm.id),
      'the live re-notification',
    );
    expect(notice.alarm.acknowledged).toBe(true);
    // Told again only after another span.
    await app.alarmNotify.escalate(new Date(acked + 40 * MINUTE));
    await app.alarmNotify.escalate(new Date(acked + 62 * MINUTE));
    expect((await alarmDetail(app, admin, alarm.id)).timeline.map((e) => e.kind)).toEqual([
      'raised',
      'escalated',
      'acknowledged',
      'renotified',
      'renotified',
    ]);
    await robot.close();
  });

  it('does not escalate a suppressed alarm', async () => {
    const robot = await device('AS-SUP');
    await robot.status({ state: 'alarm', battery: 80, alarms: ['network_timeout'] });
    await waitForAlarms(app, admin, 'AS-SUP', 'network_timeout', (a) => a.length === 1, 'raised');
    await robot.status({ state: 'alarm', battery: 80, alarms: ['network_timeout', 'imu_comm'] });
    const [suppressed] = await waitForAlarms(app, admin, 'AS-SUP', 'imu_comm', (a) => a.length === 1, 'raised');
    expect(suppressed).toMatchObject({ suppressed: true, severity: 'critical' });
    await app.alarmNotify.escalate(new Date(Date.parse(suppressed.raisedAt) + 60 * MINUTE));
    expect((await alarmDetail(app, admin, suppressed.id)).timeline.map((e) => e.kind)).toEqual(['raised']);
    await robot.close();
  });
});
