import { beforeAll, describe, expect, it } from 'vitest';
import { countLogsCapped } from '../../src/modules/logs/repository.ts';
import { useTestApp } from '../helper.ts';
import { getLogs, SEED, seedLogs } from '../support/logs.ts';

const { app, admin } = useTestApp();

beforeAll(async () => {
  await seedLogs(app);
});

const messagesOf = async (query: Record<string, string | number>) => {
  const { status, body } = await getLogs(app, admin, query);
  expect(status, JSON.stringify(body)).toBe(200);
  return (body.data.items as { message: string }[]).map((r) => r.message);
};
const count = async (query: Record<string, string | number>) => (await messagesOf(query)).length;

describe('logs list', () => {
  it('answers every record newest first with all fields and joined names', async () => {
    const { body } = await getLogs(app, admin);
    expect(body.data).toMatchObject({
      total: 8,
      page: 1,
      pageSize: 20,
      totalCapped: false,
      truncated: false,
      partialSearch: false,
    });
    expect(body.data.items.map((r: { time: string }) => r.time)).toEqual(
      SEED.map((s) => new Date(s.ts!).toISOString()).reverse(),
    );
    expect(body.data.items.at(-1)).toMatchObject({
      source: 'robot',
      type: 'alarm_raised',
      trackId: 1,
      trackName: 'Hall A',
      robotSn: 'ROBOT-1',
      robotName: 'Amy',
      level: 'error',
      message: 'left motor communication error',
    });
    expect(typeof body.data.items[0].id).toBe('number');
  });

  it.each([
    [{ source: 'robot' }, 4],
    [{ source: 'track' }, 2],
    [{ source: 'system' }, 2],
    [{ trackId: 1 }, 4],
    [{ robotSn: 'ROBOT-2' }, 1],
    [{ type: 'alarm_raised' }, 3],
    [{ level: 'error' }, 3],
    [{ q: 'battery' }, 1],
    [{ q: '電量' }, 1],
    [{ q: 'ARRIVED AT' }, 1],
    [{ q: 'Hall A' }, 0],
    [{ q: '50%_' }, 1],
    [{ q: '%' }, 1],
    [{ from: '2025-03-11T00:00:00Z' }, 5],
    [{ to: '2025-03-10T23:59:59Z' }, 3],
    [{ from: '2025-03-11T00:00:00Z', to: '2025-03-11T23:59:59.999Z' }, 2],
    [{ timeFrom: '00:00', timeTo: '02:00' }, 3],
    [{ timeFrom: '09:00', timeTo: '10:00', tz: 'Asia/Taipei' }, 2],
    [{ timeFrom: '22:00', timeTo: '01:00', tz: 'Asia/Taipei' }, 2],
    [{ timeFrom: '17:00', tz: 'Asia/Taipei' }, 2],
    [{ timeTo: '07:59', tz: 'Asia/Taipei' }, 2],
  ])('filters by %j alone', async (query, expected) => {
    expect(await count(query)).toBe(expected);
  });

  it('combines filters', async () => {
    expect(
      await messagesOf({
        robotSn: 'ROBOT-1',
        level: 'error',
        from: '2025-03-10T00:00:00+08:00',
        to: '2025-03-10T23:59:59+08:00',
      }),
    ).toEqual(['left motor communication error']);
    expect(await count({ source: 'robot', type: 'alarm_raised', trackId: 1 })).toBe(2);
    expect(
      await count({ source: 'track', level: 'error', q: 'calc', timeFrom: '08:00', timeTo: '09:00', tz: 'Asia/Taipei' }),
    ).toBe(1);
    expect(await count({ source: 'system', robotSn: 'ROBOT-1' })).toBe(0);
  });

  it('pages newest first and tells the total', async () => {
    const first = await getLogs(app, admin, { pageSize: 3 });
    const third = await getLogs(app, admin, { pageSize: 3, page: 3 });
    expect(first.body.data).toMatchObject({ total: 8, page: 1, pageSize: 3 });
    expect(first.body.data.items.map((r: { message: string }) => r.message)[0]).toBe('=cmd|calc');
    expect(third.body.data).toMatchObject({ total: 8, page: 3 });
    expect(third.body.data.items.map((r: { message: string }) => r.message)).toEqual([
      'arrived at table 5',
      'left motor communication error',
    ]);
    const beyond = await getLogs(app, admin, { pageSize: 3, page: 9 });
    expect(beyond.body.data).toMatchObject({ items: [], total: 8 });
  });

  it('answers every matching record with pageSize=all', async () => {
    const { body } = await getLogs(app, admin, { pageSize: 'all', level: 'error' });
    expect(body.data).toMatchObject({ total: 3, page: 1, pageSize: 'all', truncated: false });
    expect(body.data.items).toHaveLength(3);
  });

  it('counts only up to the cap and says so', async () => {
    expect(await countLogsCapped(app.db, {}, 5)).toEqual({ total: 5, capped: true });
    expect(await countLogsCapped(app.db, {}, 8)).toEqual({ total: 8, capped: false });
  });

  it('lists the record types seen', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/logs/types', headers: admin });
    expect(res.json().data).toEqual([
      'alarm_raised',
      'backup',
      'command_failed',
      'console_connected',
      'status',
      'track_status_changed',
    ]);
  });
});

describe('logs list refuses bad filters', () => {
  it.each([
    [{ level: 'loud' }, 'level'],
    [{ source: 'kitchen' }, 'source'],
    [{ trackId: 'abc' }, 'trackId'],
    [{ trackId: -1 }, 'trackId'],
    [{ robotSn: 'bad sn!' }, 'robotSn'],
    [{ from: 'yesterday' }, 'from'],
    [{ from: '2025-03-12T00:00:00Z', to: '2025-03-11T00:00:00Z' }, 'to'],
    [{ timeFrom: '25:00' }, 'timeFrom'],
    [{ timeTo: '9:5' }, 'timeTo'],
    [{ tz: 'Mars/Olympus' }, 'tz'],
    [{ page: 0 }, 'page'],
    [{ pageSize: 0 }, 'pageSize'],
    [{ pageSize: 'many' }, 'pageSize'],
    [{ q: 'x'.repeat(201) }, 'q'],
  ])('%j is a 400 naming the field', async (query, field) => {
    const { status, body } = await getLogs(app, admin, query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'validation_failed' });
    expect(body.details.map((d: { path: string[] }) => d.path.join('.'))).toContain(`querystring.${field}`);
  });

  it('keeps view and export for levels 0-2', async () => {
    const general = await app.as(3);
    const advanced = await app.as(2);
    expect((await getLogs(app, general)).status).toBe(403);
    expect((await getLogs(app, advanced)).status).toBe(200);
  });
});
