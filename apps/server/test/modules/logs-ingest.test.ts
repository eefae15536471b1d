import { brokerClientId, formatLogEvent, topics } from '@railserve/protocol';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { purgeExpiredLogs } from '../../src/modules/logs/service.ts';
import { useTestApp } from '../helper.ts';
import { getLogs, ROBOT_NAMES, seedLogs } from '../support/logs.ts';

const { app, admin } = useTestApp({ logRetentionDays: 30 });
let robot: MqttClient;

beforeAll(async () => {
  await app.mqtt.waitUntilSubscribed();
  robot = mqtt.connect(`mqtt://127.0.0.1:${app.brokerPorts!.tcp}`, {
    username: 'ROBOT-1',
    password: app.secrets.deviceKey,
    clientId: brokerClientId.robot('ROBOT-1'),
  });
  await new Promise((resolve) => robot.once('connect', resolve));
  await seedLogs(app, []);
});
afterAll(async () => {
  await robot.endAsync(true);
});

const ts = () => new Date().toISOString();
const logsWith = async (query: Record<string, string>) =>
  (await getLogs(app, admin, query)).body.data.items as Record<string, unknown>[];
const removeLogs = (payload: Record<string, unknown>, headers: { authorization: string } = admin) =>
  app.inject({ method: 'DELETE', url: '/api/v1/logs', headers, payload });

describe('log ingest', () => {
  it('stores a robot record from the broker at its receive time, with the device time and the robot name', async () => {
    const time = '2025-05-01T08:00:00.123Z';
    const before = Date.now();
    await robot.publishAsync(
      'hcpro4/logs/robot',
      JSON.stringify({ ts: time, level: 'warning', type: 'lid', message: 'lid jammed', robotSn: 'ROBOT-1' }),
    );
    await vi.waitFor(async () => expect(await logsWith({ type: 'lid' })).toHaveLength(1), { timeout: 10_000 });
    const [stored] = await logsWith({ type: 'lid' });
    expect(stored).toMatchObject({
      deviceTime: time,
      source: 'robot',
      level: 'warning',
      robotName: 'Amy',
      sender: 'robot:ROBOT-1',
    });
    expect(Date.parse(stored.time as string)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('stores a message the broker delivers again once (the same topic and bytes)', async () => {
    const payload = JSON.stringify({ ts: ts(), level: 'info', type: 'again', message: 'delivered twice', robotSn: 'ROBOT-1' });
    await robot.publishAsync('hcpro4/logs/robot', payload, { qos: 1 });
    await robot.publishAsync('hcpro4/logs/robot', payload, { qos: 1, dup: true });
    await robot.publishAsync(
      'hcpro4/logs/robot',
      JSON.stringify({ ts: ts(), level: 'info', type: 'again-marker', message: 'after' }),
    );
    await vi.waitFor(async () => expect(await logsWith({ type: 'again-marker' })).toHaveLength(1), { timeout: 10_000 });
    await app.eventLog.flush();
    expect(await logsWith({ type: 'again' })).toHaveLength(1);
  });

  it('drops invalid payloads and keeps serving', async () => {
    await robot.publishAsync('hcpro4/logs/robot', 'not json');
    await robot.publishAsync('hcpro4/logs/robot', JSON.stringify({ ts: ts(), level: 'loud', type: 'x', message: 'bad level' }));
    await app.mqtt.publish('hcpro4/logs/kitchen', { ts: ts(), level: 'info', type: 'x', message: 'unknown source' });
    await robot.publishAsync(
      'hcpro4/logs/robot',
      JSON.stringify({ ts: ts(), level: 'info', type: 'marker', message: 'after the bad ones' }),
    );
    await vi.waitFor(async () => expect(await logsWith({ type: 'marker' })).toHaveLength(1), { timeout: 10_000 });
    expect(await logsWith({ type: 'x' })).toHaveLength(0);
  });

  it('writes a console system message to the system log and ignores the server own', async () => {
    const message = (source: string, text: string) => ({
      timestamp: ts(),
      source,
      type: 'console_note',
      data: { level: 'error', message: text },
    });
    await app.mqtt.publish('hcpro4/system/console_note', message('backend', 'from the server'));
    await app.mqtt.publish('hcpro4/system/console_note', message('frontend', 'from a console'));
    await vi.waitFor(async () => expect(await logsWith({ type: 'console_note' })).toHaveLength(1), { timeout: 10_000 });
    expect((await logsWith({ type: 'console_note' }))[0]).toMatchObject({
      source: 'system',
      level: 'error',
      message: 'from a console',
    });
  });

  it('names each record of one batch from its own keys, keeps given names, and keeps the batch order', async () => {
    const at = new Date('2025-03-20T08:00:00Z');
    const entries = [
      { robotSn: 'ROBOT-1', trackId: 2 },
      { robotSn: 'ROBOT-2', trackId: 1, robotName: 'Given', trackName: null },
      { robotSn: 'ROBOT-404', trackId: 404 },
      { robotSn: 'ROBOT-1', trackId: 1 },
    ];
    for (const [i, entry] of entries.entries())
      app.eventLog.write({ source: 'robot', level: 'info', type: 'batch_names', message: `record ${i}`, ts: at, ...entry });
    await app.eventLog.flush();
    const stored = (await logsWith({ type: 'batch_names' })).map((r) => [r.message, r.robotName, r.trackName]);
    // Newest first: one moment, so the later id first.
    expect(stored).toEqual([
      ['record 3', 'Amy', 'Hall A'],
      ['record 2', null, null],
      ['record 1', 'Given', null],
      ['record 0', 'Amy', 'Hall B'],
    ]);
  });

  it('keeps the name a record was written with after a rename', async () => {
    app.eventLog.write({ source: 'robot', level: 'info', type: 'renamed_check', message: 'before rename', robotSn: 'ROBOT-2' });
    await app.eventLog.flush();
    ROBOT_NAMES.set('ROBOT-2', 'Bobby');
    app.eventLog.write({ source: 'robot', level: 'info', type: 'renamed_check', message: 'after rename', robotSn: 'ROBOT-2' });
    await app.eventLog.flush();
    expect((await logsWith({ type: 'renamed_check' })).map((r) => r.robotName)).toEqual(['Bobby', 'Bob']);
  });

  it('stores records without names when their lookup fails, and never throws into the writer', async () => {
    app.eventLog.setNameSource('track', (id) => sql`(select 'never'::text where 1 / (${id} - ${id}) = 0)`);
    expect(() =>
      app.eventLog.write({ source: 'track', level: 'info', type: 'no_name', message: 'x'.repeat(20_000), trackId: 1 }),
    ).not.toThrow();
    await app.eventLog.flush();
    const [record] = await logsWith({ type: 'no_name' });
    expect(record).toMatchObject({ trackId: 1, trackName: null });
    expect((record.message as string).length).toBe(10_000);
  });
});

describe('log delete and retention', () => {
  it('deletes the selected records and answers how many', async () => {
    const ids = (await logsWith({})).slice(0, 2).map((r) => r.id);
    const res = await removeLogs({ ids: [...ids, 999_999_999] });
    expect(res.json()).toEqual({ success: true, data: { deleted: 2 } });
    expect((await logsWith({})).map((r) => r.id)).not.toContain(ids[0]);
  });

  it('deletes everything a filter matches', async () => {
    await seedLogs(app);
    const before = (await getLogs(app, admin)).body.data.total;
    const res = await removeLogs({ filter: { source: 'robot', level: 'error' } });
    expect(res.json().data.deleted).toBe(2);
    expect((await getLogs(app, admin)).body.data.total).toBe(before - 2);
    expect(await logsWith({ source: 'robot', level: 'error' })).toHaveLength(0);
  });

  it.each([
    [{}, 'body'],
    [{ ids: [] }, 'body.ids'],
    [{ ids: ['a'] }, 'body.ids.0'],
    [{ filter: { level: 'loud' } }, 'body.filter.level'],
    [{ ids: [1], filter: {} }, 'body'],
  ])('refuses %j', async (payload, path) => {
    const res = await removeLogs(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(JSON.stringify(res.json().details)).toContain(JSON.stringify(path.split('.')).slice(1, -1));
  });

  it('is refused to level 2', async () => {
    expect((await removeLogs({ filter: {} }, await app.as(2))).statusCode).toBe(403);
  });

  it('removes records older than the retention age', async () => {
    const now = Date.now();
    const day = 86_400_000;
    await seedLogs(app, [
      { source: 'system', level: 'info', type: 'aged', message: 'expired', ts: new Date(now - 31 * day) },
      { source: 'system', level: 'info', type: 'aged', message: 'kept', ts: new Date(now - 29 * day) },
    ]);
    await purgeExpiredLogs(app.db, app.config.logRetentionDays, now);
    expect((await logsWith({ type: 'aged' })).map((r) => r.message)).toEqual(['kept']);
  });

  it('deletes every record with an empty filter', async () => {
    const res = await removeLogs({ filter: {} });
    expect(res.json().data.deleted).toBeGreaterThan(0);
    expect((await getLogs(app, admin)).body.data.total).toBe(0);
  });
});

describe('alarms', () => {
  it('logs an alarm once: the alert, not the robot line repeating it', async () => {
    const alarm = { sn: 'ROBOT-1', code: 'subrobot_voltage' };
    await robot.publishAsync(topics.alert('ROBOT-1'), JSON.stringify({ ...alarm, active: true, ts: ts() }));
    for (const key of ['device_alarm_raised', 'device_alarm_cleared'] as const)
      await robot.publishAsync(
        'hcpro4/logs/robot',
        JSON.stringify({
          ts: ts(),
          level: 'error',
          type: 'alarm',
          message: formatLogEvent(key, { alarm: alarm.code }),
          robotSn: 'ROBOT-1',
        }),
      );
    await robot.publishAsync(topics.alert('ROBOT-1'), JSON.stringify({ ...alarm, active: false, ts: ts() }));
    await robot.publishAsync(
      'hcpro4/logs/robot',
      JSON.stringify({ ts: ts(), level: 'info', type: 'alarm', message: 'alarm lamp tested' }),
    );
    await vi.waitFor(async () => expect(await logsWith({ q: 'alarm lamp tested' })).toHaveLength(1), { timeout: 10_000 });
    await vi.waitFor(async () => expect(await logsWith({ q: 'subrobot_voltage' })).toHaveLength(2), { timeout: 10_000 });
    const records = await logsWith({ q: 'subrobot_voltage' });
    expect(records.map((r) => [r.type, r.message])).toEqual([
      ['alarm_cleared', 'Alarm cleared: subrobot_voltage'],
      ['alarm_raised', 'Alarm raised: subrobot_voltage'],
    ]);
    // In Chinese: one 發生警報 and one 警報解除, as the console shows them.
    expect(await logsWith({ q: '子機電壓異常' })).toHaveLength(2);
  });
});
