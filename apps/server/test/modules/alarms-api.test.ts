import { ALARM_COMMENT_MAX, type ConsoleAlarmsPayload, topics } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { alarmDetail, listAlarms, useAlarmsApp, waitForAlarms } from '../support/alarms.ts';
import { closed, connected } from '../support/broker-clients.ts';
import { type RawDevice, waitFor } from '../support/robots.ts';

// The alarm center's API, its permissions and its live feed (issue 29).
const { app, admin, mqtt, device, post } = useAlarmsApp();

describe('handling', () => {
  it('acknowledges, assigns and comments, by level 2 and not by level 3, with the timeline', async () => {
    const robot = await device('AL-OWN');
    await robot.status({ state: 'alarm', battery: 80, alarms: ['conveyor_comm'] });
    const [opened] = await waitForAlarms(app, admin, 'AL-OWN', 'conveyor_comm', (a) => a.length === 1, 'raised');
    const staff = await app.as(2, 'al_staff');
    const viewer = await app.as(3, 'al_viewer');
    for (const [url, payload] of [
      [`/alarms/${opened.id}/ack`, undefined],
      [`/alarms/${opened.id}/assign`, { userId: staff.id }],
      [`/alarms/${opened.id}/comments`, { text: 'looking' }],
      [`/alarms/${opened.id}/reset`, undefined],
      ['/alarms/ack', { ids: [opened.id] }],
      ['/alarms/assign', { ids: [opened.id], userId: staff.id }],
    ] as const) {
      expect((await post(url, viewer, payload)).statusCode, url).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: `/api/v1/alarms/${opened.id}`, headers: viewer })).statusCode).toBe(200);

    const acked = await post(`/alarms/${opened.id}/ack`, staff);
    expect(acked.json().data).toMatchObject({ acknowledged: true, acknowledgedBy: 'al_staff' });
    expect((await post(`/alarms/${opened.id}/ack`, staff)).json().code).toBe('alarm_already_acknowledged');
    const assigned = await post(`/alarms/${opened.id}/assign`, staff, { userId: staff.id });
    expect(assigned.json().data.assigneeId).toBe(staff.id);
    expect((await post(`/alarms/${opened.id}/assign`, staff, { userId: 999_999 })).json().code).toBe('assignee_unknown');
    const long = await post(`/alarms/${opened.id}/comments`, staff, { text: 'x'.repeat(ALARM_COMMENT_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().details[0]).toMatchObject({ path: ['body', 'text'], message: 'too_long' });
    const commented = await post(`/alarms/${opened.id}/comments`, staff, { text: '  checking the belt  ' });
    const timeline = commented.json().data.timeline;
    expect(timeline.map((e: { kind: string }) => e.kind)).toEqual(['raised', 'acknowledged', 'assigned', 'comment']);
    expect(timeline.at(-1)).toMatchObject({ username: 'al_staff', text: 'checking the belt' });
    expect((await listAlarms(app, admin, `assigneeId=${staff.id}&acknowledged=true`)).map((a) => a.id)).toEqual([opened.id]);
    await robot.close();
  });

  it('bulk acknowledges a mixed selection and answers per alarm', async () => {
    const robot = await device('AL-BULK');
    await robot.status({ state: 'alarm', battery: 80, alarms: ['init_timeout', 'subrobot_retry'] });
    const [first] = await waitForAlarms(app, admin, 'AL-BULK', 'init_timeout', (a) => a.length === 1, 'raised');
    const [second] = await waitForAlarms(app, admin, 'AL-BULK', 'subrobot_retry', (a) => a.length === 1, 'raised');
    await post(`/alarms/${first.id}/ack`, admin);
    const bulk = await post('/alarms/ack', admin, { ids: [first.id, second.id, 999_999] });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().data.results.map((r: { ok: boolean; code?: string }) => [r.ok, r.code])).toEqual([
      [false, 'alarm_already_acknowledged'],
      [true, undefined],
      [false, 'not_found'],
    ]);
    expect((await post('/alarms/ack', admin, { ids: [] })).statusCode).toBe(400);
    await robot.close();
  });

  it('resets through the tracked command; the acknowledged reset makes the clear an operator’s', async () => {
    const robot = await device('AL-RESET', (command) => (command === 'reset_alarm' ? { ok: true } : undefined));
    await robot.status({ state: 'alarm', battery: 80, alarms: ['right_motor_comm'] });
    const [opened] = await waitForAlarms(app, admin, 'AL-RESET', 'right_motor_comm', (a) => a.length === 1, 'raised');
    await app.robots.flush();
    const reset = await post(`/alarms/${opened.id}/reset`, admin);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data).toMatchObject({ command: 'reset_alarm', target: 'AL-RESET', status: 'sent' });
    await waitFor(async () => {
      const detail = await alarmDetail(app, admin, opened.id);
      return detail.timeline.some((e) => e.kind === 'reset_acknowledged') || undefined;
    }, 'the reset acknowledged');
    await robot.status({ state: 'idle', battery: 80, alarms: [] });
    const [cleared] = await waitForAlarms(app, admin, 'AL-RESET', 'right_motor_comm', (a) => a[0]?.active === false, 'cleared');
    expect(cleared.clearedBy).toBe('operator');
    expect((await post(`/alarms/${opened.id}/reset`, admin)).json().code).toBe('alarm_not_active');
    expect((await alarmDetail(app, admin, opened.id)).timeline.map((e) => e.kind)).toEqual([
      'raised',
      'reset_sent',
      'reset_acknowledged',
      'cleared',
    ]);
    await robot.close();
  });

  it('counts a robot that clears the code before its reset acknowledgement arrives as the operator’s clear', async () => {
    let robot: RawDevice | undefined;
    robot = await device('AL-EAGER', (command) => {
      // The robot carries the reset out, says so in a status, then acknowledges.
      if (command === 'reset_alarm') void robot?.status({ state: 'idle', battery: 80, alarms: [] });
      return command === 'reset_alarm' ? { ok: true } : undefined;
    });
    await robot.status({ state: 'alarm', battery: 80, alarms: ['imu_comm'] });
    const [opened] = await waitForAlarms(app, admin, 'AL-EAGER', 'imu_comm', (a) => a.length === 1, 'raised');
    await app.robots.flush();
    expect((await post(`/alarms/${opened.id}/reset`, admin)).statusCode).toBe(200);
    const [cleared] = await waitForAlarms(app, admin, 'AL-EAGER', 'imu_comm', (a) => a[0]?.clearedBy === 'operator', 'cleared');
    expect(cleared.active).toBe(false);
    await waitFor(async () => {
      const { timeline } = await alarmDetail(app, admin, opened.id);
      return timeline.some((e) => e.kind === 'cleared' && e.clearedBy === 'operator') || undefined;
    }, 'the timeline’s clear as the operator’s');
    await robot.close();
  });

  it('refuses bad queries with the envelope', async () => {
    for (const query of [
      'severity=loud',
      'state=open',
      'acknowledged=yes',
      'from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
      'robotSn=a b',
    ]) {
      const response = await app.inject({ method: 'GET', url: `/api/v1/alarms?${query}`, headers: admin });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    }
    expect((await app.inject({ method: 'GET', url: '/api/v1/alarms/999999', headers: admin })).statusCode).toBe(404);
  });
});

describe('live', () => {
  it('sends alarm changes to a console of every level, and the header count follows', async () => {
    const viewer = await app.as(3);
    const browser = mqtt.browser(viewer.authorization.slice('Bearer '.length));
    expect(await connected(browser)).toBe(true);
    await browser.subscribeAsync(topics.consoleAlarms);
    const received: ConsoleAlarmsPayload[] = [];
    browser.on('message', (topic, payload) => {
      if (topic === topics.consoleAlarms) received.push(JSON.parse(payload.toString()));
    });
    const before = (await app.inject({ method: 'GET', url: '/api/v1/alarms/summary', headers: viewer })).json().data;
    const robot = await device('AL-LIVE');
    await robot.status({ state: 'alarm', battery: 80, alarms: ['qrcode_comm'] });
    const alarm = await waitFor(
      () => received.flatMap((m) => m.alarms).find((a) => a.robotSn === 'AL-LIVE' && a.code === 'qrcode_comm'),
      'the live alarm',
    );
    expect(alarm).toMatchObject({ active: true, severity: 'critical' });
    const after = (await app.inject({ method: 'GET', url: '/api/v1/alarms/summary', headers: viewer })).json().data;
    expect(after.critical).toBe(before.critical + 1);
    // Only the server publishes on it.
    browser.publish(topics.consoleAlarms, JSON.stringify({ ts: new Date().toISOString(), alarms: [] }));
    await closed(browser);
    await robot.close();
  });
});
