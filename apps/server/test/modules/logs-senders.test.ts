import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SYSTEM_MESSAGES_PER_MINUTE } from '../../src/modules/logs/ingest.ts';
import { listLogs } from '../../src/modules/logs/service.ts';
import { useTestApp } from '../helper.ts';
import { connectConsole, connectDevice } from '../support/broker-clients.ts';
import { getLogs } from '../support/logs.ts';

const { app, admin } = useTestApp();
const clients: MqttClient[] = [];

beforeAll(async () => {
  await app.mqtt.waitUntilSubscribed();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
});

const ts = () => new Date().toISOString();
const logsOfType = async (type: string) =>
  (await getLogs(app, admin, { type, pageSize: '100' })).body.data.items as Record<string, unknown>[];
const device = async (username: string) => {
  const client = await connectDevice(app, username);
  clients.push(client);
  return client;
};

describe('who sent a log record', () => {
  it("drops a robot's record naming another robot, and names the sender when the record names none", async () => {
    const robot = await device('SENDER-1');
    const record = (type: string, extra: object) => JSON.stringify({ ts: ts(), level: 'info', type, message: type, ...extra });
    await robot.publishAsync('hcpro4/logs/robot', record('forged_other', { robotSn: 'VICTIM-1' }));
    await robot.publishAsync('hcpro4/logs/robot', record('forged_sender', { sender: 'robot:VICTIM-1' }));
    await robot.publishAsync('hcpro4/logs/robot', record('unnamed', {}));
    await robot.publishAsync('hcpro4/logs/robot', record('own_name', { robotSn: 'SENDER-1' }));
    await vi.waitFor(async () => expect(await logsOfType('own_name')).toHaveLength(1), { timeout: 10_000 });
    await app.eventLog.flush();
    expect(await logsOfType('forged_other')).toHaveLength(0);
    expect((await logsOfType('forged_sender'))[0]).toMatchObject({ robotSn: 'SENDER-1', sender: 'robot:SENDER-1' });
    expect((await logsOfType('unnamed'))[0]).toMatchObject({ robotSn: 'SENDER-1' });
  });

  it("drops a controller's record naming another track", async () => {
    const controller = await device('track-7');
    const record = (type: string, trackId?: number) => JSON.stringify({ ts: ts(), level: 'info', type, message: type, trackId });
    await controller.publishAsync('hcpro4/logs/track', record('other_track', 8));
    await controller.publishAsync('hcpro4/logs/track', record('own_track', 7));
    await vi.waitFor(async () => expect(await logsOfType('own_track')).toHaveLength(1), { timeout: 10_000 });
    await app.eventLog.flush();
    expect(await logsOfType('other_track')).toHaveLength(0);
    expect((await logsOfType('own_track'))[0]).toMatchObject({ trackId: 7, sender: 'track:7' });
  });

  it('orders and keeps records by receive time, whatever time the device claims', async () => {
    const robot = await device('SENDER-2');
    await robot.publishAsync(
      'hcpro4/logs/robot',
      JSON.stringify({ ts: '2000-01-01T00:00:00.000Z', level: 'info', type: 'old_clock', message: 'x' }),
    );
    await vi.waitFor(async () => expect(await logsOfType('old_clock')).toHaveLength(1), { timeout: 10_000 });
    const [stored] = await logsOfType('old_clock');
    expect(stored.deviceTime).toBe('2000-01-01T00:00:00.000Z');
    expect(Date.now() - Date.parse(stored.time as string)).toBeLessThan(60_000);
  });

  it('strips NUL from a device record and keeps it, and keeps the records around it', async () => {
    const robot = await device('SENDER-3');
    for (const message of ['before', 'with\u0000nul', 'after'])
      await robot.publishAsync('hcpro4/logs/robot', JSON.stringify({ ts: ts(), level: 'info', type: 'nul_burst', message }));
    await vi.waitFor(async () => expect(await logsOfType('nul_burst')).toHaveLength(3), { timeout: 10_000 });
    expect((await logsOfType('nul_burst')).map((r) => r.message).sort()).toEqual(['after', 'before', 'withnul']);
  });

  it('records the user who sent a system message and limits how many a user may send', async () => {
    const user = await app.as(3, 'announcer');
    const consoleClient = await connectConsole(app, user.authorization);
    clients.push(consoleClient);
    const sent = SYSTEM_MESSAGES_PER_MINUTE + 10;
    for (let i = 0; i < sent; i++) {
      await consoleClient.publishAsync(
        'hcpro4/system/announce',
        JSON.stringify({ timestamp: ts(), source: 'frontend', type: 'announce', data: `hello ${i}`, sender: 'user:1:admin' }),
        { qos: 1 },
      );
    }
    await vi.waitFor(async () => expect(await logsOfType('announce')).toHaveLength(SYSTEM_MESSAGES_PER_MINUTE), {
      timeout: 10_000,
    });
    await app.eventLog.flush();
    const stored = await logsOfType('announce');
    expect(stored).toHaveLength(SYSTEM_MESSAGES_PER_MINUTE);
    expect(new Set(stored.map((r) => r.sender))).toEqual(new Set(['announcer']));
  });
});

describe('pageSize=all', () => {
  it('stops at a byte budget as well as a row count, and says the answer was truncated', async () => {
    for (let i = 0; i < 20; i++)
      app.eventLog.write({ source: 'system', level: 'info', type: 'bulky', message: `${i} ${'x'.repeat(2000)}` });
    await app.eventLog.flush();
    const all = await listLogs(app.db, { page: 1, pageSize: 'all', tz: 'UTC', type: 'bulky' });
    expect(all).toMatchObject({ truncated: false });
    expect(all.items).toHaveLength(20);
    const bounded = await listLogs(app.db, { page: 1, pageSize: 'all', tz: 'UTC', type: 'bulky' }, { maxBytes: 10_000 });
    expect(bounded.truncated).toBe(true);
    expect(bounded.items.length).toBeGreaterThan(0);
    expect(bounded.items.length).toBeLessThan(5);
    // The newest ones, in order.
    expect(bounded.items.map((r) => r.message.split(' ')[0])).toEqual(
      all.items.slice(0, bounded.items.length).map((r) => r.message.split(' ')[0]),
    );
  });
});

describe('/api/health', () => {
  it('reports every write queue with what it dropped and what the database refused', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json().data.queues).toEqual({
      logs: { pending: expect.any(Number), dropped: 0, refused: 0 },
      audit: { pending: expect.any(Number), dropped: 0, refused: 0 },
      robots: { pending: 0, dropped: 0, refused: 0 },
    });
  });
});
