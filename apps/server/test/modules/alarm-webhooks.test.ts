import { createHmac } from 'node:crypto';
import type { AlarmWebhookAttempt, AlarmWebhookPayload } from '@railserve/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAlarmsApp, waitForAlarms } from '../support/alarms.ts';
import { lastAudit } from '../support/audit.ts';
import { waitFor } from '../support/robots.ts';
import { webhookReceiver } from '../support/webhook-receiver.ts';

// Alarm webhooks (issue 29): signed POSTs to a local receiver, retries, timeout, no redirects, the delivery log.
const { app, admin, device, post } = useAlarmsApp();
const SECRET = 'a-very-long-webhook-secret';
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;

beforeAll(async () => {
  receiver = await webhookReceiver();
  app.alarmNotify.options.allowLoopback = true;
  app.alarmNotify.options.timeoutMs = 300;
  app.alarmNotify.options.settleMs = 0;
  // The back-off's waits, shortened: each run takes the next attempt.
  app.alarmNotify.options.retryDelaysMs = [1, 1, 1, 1];
});
afterAll(() => receiver.close());

const addHook = async (url: string, extra: object = {}) => {
  const response = await post('/alarm-webhooks', admin, { url, secret: SECRET, severities: ['critical', 'major'], ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number };
};
const removeHook = (id: number) => app.inject({ method: 'DELETE', url: `/api/v1/alarm-webhooks/${id}`, headers: admin });
const attempts = async (id: number) =>
  (await app.inject({ method: 'GET', url: `/api/v1/alarm-webhooks/${id}/deliveries`, headers: admin })).json()
    .data as AlarmWebhookAttempt[];
/** Runs the webhooks' work until the hook's log satisfies `test`. */
const pumpUntil = (id: number, test: (log: AlarmWebhookAttempt[]) => boolean, what: string) =>
  waitFor(async () => {
    await app.alarms.flush();
    await app.alarmNotify.pump();
    const log = await attempts(id);
    return test(log) ? log : undefined;
  }, what);

describe('alarm webhooks', () => {
  it('hears only what happens once it is set up: an alarm raised with no webhook is passed over', async () => {
    const before = await device('WH-EARLY');
    await before.status({ state: 'alarm', battery: 80, alarms: ['imu_stuck'] });
    await waitForAlarms(app, admin, 'WH-EARLY', 'imu_stuck', (a) => a.length === 1, 'raised with no webhook');
    await app.alarms.flush();
    expect(await app.alarmNotify.pump()).toEqual({ enqueued: 0, sent: 0 });
    const hook = await addHook(receiver.url('/from-now-on'), { events: ['raised'] });
    const after = await device('WH-LATER');
    await after.status({ state: 'alarm', battery: 80, alarms: ['imu_stuck'] });
    await waitForAlarms(app, admin, 'WH-LATER', 'imu_stuck', (a) => a.length === 1, 'raised with a webhook');
    await pumpUntil(hook.id, (l) => l.some((a) => a.ok), 'the later alarm delivered');
    const sns = receiver.received
      .filter((c) => c.path === '/from-now-on')
      .map((c) => (JSON.parse(c.body) as AlarmWebhookPayload).alarm.robotSn);
    expect(sns).toEqual(['WH-LATER']);
    await removeHook(hook.id);
  });

  it('posts the raised alarm as signed JSON; the signature verifies; the secret is never answered', async () => {
    const hook = await addHook(receiver.url('/signed'), { events: ['raised', 'acknowledged'] });
    const listed = (await app.inject({ method: 'GET', url: '/api/v1/alarm-webhooks', headers: admin })).body;
    expect(listed).toContain('/signed');
    expect(listed).not.toContain(SECRET);
    const robot = await device('WH-SIGN');
    await robot.status({ state: 'alarm', battery: 80, alarms: ['imu_stuck', 'low_battery'] });
    const [alarm] = await waitForAlarms(app, admin, 'WH-SIGN', 'imu_stuck', (a) => a.length === 1, 'raised');
    await post(`/alarms/${alarm.id}/ack`, admin);
    const log = await pumpUntil(hook.id, (l) => l.filter((a) => a.ok).length === 2, 'raised and acknowledged delivered');
    expect(log.map((a) => a.event).sort()).toEqual(['acknowledged', 'raised']);
    const calls = receiver.received.filter((c) => c.path === '/signed');
    // low_battery is a warning: this webhook wants critical and major only.
    expect(calls.map((c) => (JSON.parse(c.body) as AlarmWebhookPayload).alarm.code)).toEqual(['imu_stuck', 'imu_stuck']);
    for (const call of calls) {
      const timestamp = String(call.headers['x-railserve-timestamp']);
      const expected = createHmac('sha256', SECRET).update(`${timestamp}.${call.body}`).digest('hex');
      expect(call.headers['x-railserve-signature']).toBe(`sha256=${expected}`);
      expect(call.headers['content-type']).toBe('application/json');
      expect(JSON.stringify(call)).not.toContain(SECRET);
    }
    // Audited, with the secret masked.
    const record = await lastAudit(app, (r) => r.target.startsWith('alarm-webhooks') && r.type === 'create');
    expect(JSON.stringify(record)).not.toContain(SECRET);
    const wrong = createHmac('sha256', 'another-secret-entirely').update(calls[0].body).digest('hex');
    expect(calls[0].headers['x-railserve-signature']).not.toBe(`sha256=${wrong}`);
    await removeHook(hook.id);
    await robot.close();
  });

  it('tries again after a 500, gives up on a timeout, and follows no redirect', async () => {
    let failures = 1;
    receiver.answer((call, res) => {
      if (call.path === '/flaky' && failures-- > 0) return void res.writeHead(500).end();
      if (call.path === '/slow') return; // never answers
      if (call.path === '/moved') return void res.writeHead(302, { location: receiver.url('/target') }).end();
      res.end('ok');
    });
    const flaky = await addHook(receiver.url('/flaky'), { events: ['raised'] });
    const slow = await addHook(receiver.url('/slow'), { events: ['raised'] });
    const moved = await addHook(receiver.url('/moved'), { events: ['raised'] });
    const robot = await device('WH-RETRY');
    await robot.status({ state: 'alarm', battery: 80, alarms: ['rfid_comm'] });
    const [alarm] = await waitForAlarms(app, admin, 'WH-RETRY', 'rfid_comm', (a) => a.length === 1, 'raised');
    // The robot falls silent during the test: its robot_offline alarm is delivered too; this test follows rfid_comm.
    const mine = (log: AlarmWebhookAttempt[]) => log.filter((a) => a.alarmId === alarm.id);
    const flakyLog = mine(await pumpUntil(flaky.id, (l) => mine(l).some((a) => a.ok), 'the retry delivered'));
    expect(flakyLog.map((a) => [a.attempt, a.statusCode, a.error, a.willRetry]).reverse()).toEqual([
      [1, 500, 'http_status', true],
      [2, 200, null, false],
    ]);
    const slowLog = mine(await pumpUntil(slow.id, (l) => mine(l).some((a) => !a.willRetry), 'the timeouts given up'));
    expect(slowLog).toHaveLength(5);
    expect(slowLog.every((a) => a.error === 'timeout' && a.statusCode === null)).toBe(true);
    const movedLog = mine(await pumpUntil(moved.id, (l) => mine(l).length > 0, 'the redirect answered'));
    expect(movedLog[0]).toMatchObject({ ok: false, statusCode: 302, error: 'redirect' });
    expect(receiver.received.some((c) => c.path === '/target')).toBe(false);
    for (const hook of [flaky, slow, moved]) await removeHook(hook.id);
    await robot.close();
  });

  it('checks the address again at call time: a loopback name is refused once loopback is off', async () => {
    const hook = await addHook(receiver.url('/named').replace('127.0.0.1', 'localhost'), { events: ['raised'] });
    try {
      const robot = await device('WH-NAME');
      // Allowed, the name is looked up (through the guarded lookup) and called.
      await robot.status({ state: 'alarm', battery: 80, alarms: ['imu_comm'] });
      const [first] = await waitForAlarms(app, admin, 'WH-NAME', 'imu_comm', (a) => a.length === 1, 'raised');
      await pumpUntil(hook.id, (l) => l.some((a) => a.alarmId === first.id && a.ok), 'the call by name delivered');
      expect(receiver.received.some((c) => c.path === '/named')).toBe(true);
      receiver.received.length = 0;
      app.alarmNotify.options.allowLoopback = false;
      await robot.status({ state: 'alarm', battery: 80, alarms: ['imu_comm', 'imu_abnormal_movement'] });
      const [alarm] = await waitForAlarms(app, admin, 'WH-NAME', 'imu_abnormal_movement', (a) => a.length === 1, 'raised');
      const log = await pumpUntil(hook.id, (l) => l.some((a) => a.alarmId === alarm.id), 'the refused attempt');
      expect(log.find((a) => a.alarmId === alarm.id)).toMatchObject({ ok: false, statusCode: null, error: 'address_refused' });
      expect(receiver.received.some((c) => c.path === '/named')).toBe(false);
      await robot.close();
    } finally {
      app.alarmNotify.options.allowLoopback = true;
      await removeHook(hook.id);
    }
  });

  it('refuses bad URLs, link-local, metadata and loopback addresses, and levels 2 and 3', async () => {
    const body = { secret: SECRET, severities: ['critical'] };
    for (const [url, code] of [
      ['ftp://example.com/hook', 'webhook_url_scheme'],
      ['file:///etc/passwd', 'webhook_url_scheme'],
      ['javascript:alert(1)', 'webhook_url_scheme'],
      ['http://user:pass@example.com/hook', 'webhook_url_credentials'],
      ['not a url', 'webhook_url_invalid'],
    ]) {
      const response = await post('/alarm-webhooks', admin, { ...body, url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().details[0].message, url).toBe(code);
    }
    for (const url of ['http://169.254.169.254/latest/meta-data', 'http://[fe80::1]/x', 'http://metadata.google.internal/']) {
      expect((await post('/alarm-webhooks', admin, { ...body, url })).json().code, url).toBe('webhook_address_refused');
    }
    app.alarmNotify.options.allowLoopback = false;
    for (const url of ['http://127.0.0.1:9/x', 'http://localhost/x', 'http://[::1]/x', 'http://[::ffff:127.0.0.1]/x']) {
      expect((await post('/alarm-webhooks', admin, { ...body, url })).json().code, url).toBe('webhook_address_refused');
    }
    app.alarmNotify.options.allowLoopback = true;
    expect((await post('/alarm-webhooks', admin, { ...body, url: 'http://x.example', secret: 'short' })).statusCode).toBe(400);
    const hook = await addHook(receiver.url('/kept'));
    for (const level of [2, 3] as const) {
      const user = await app.as(level);
      expect((await post('/alarm-webhooks', user, { ...body, url: receiver.url() })).statusCode).toBe(403);
      for (const url of ['/api/v1/alarm-webhooks', `/api/v1/alarm-webhooks/${hook.id}/deliveries`])
        expect((await app.inject({ method: 'GET', url, headers: user })).statusCode).toBe(403);
      expect((await app.inject({ method: 'DELETE', url: `/api/v1/alarm-webhooks/${hook.id}`, headers: user })).statusCode).toBe(
        403,
      );
    }
    expect((await app.inject({ method: 'GET', url: '/api/v1/alarm-webhooks' })).statusCode).toBe(401);
    const maker = await app.as(1);
    expect((await app.inject({ method: 'GET', url: '/api/v1/alarm-webhooks', headers: maker })).statusCode).toBe(200);
    expect((await removeHook(hook.id)).statusCode).toBe(200);
    expect((await removeHook(hook.id)).statusCode).toBe(404);
  });
});
