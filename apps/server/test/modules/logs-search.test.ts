import { formatLogEvent } from '@railserve/protocol';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { logSearchBackfill, logs } from '../../src/db/schema/logs.ts';
import { search, searchRecent } from '../../src/modules/logs/log-page.ts';
import { findLogPage } from '../../src/modules/logs/repository.ts';
import { backfillSearchTextStep } from '../../src/modules/logs/search-backfill.ts';
import type { LogEntry } from '../../src/modules/logs/writer.ts';
import { useTestApp } from '../helper.ts';
import { getLogs, seedLogs } from '../support/logs.ts';

const { app, admin } = useTestApp();

const robot = (type: string, message: string, robotSn = 'R-001'): LogEntry => ({
  source: 'robot',
  level: 'info',
  type,
  message,
  robotSn,
});

/** Records as robots, track controllers and the server write them: English templates, one device's own Chinese text. */
const RECORDS = {
  stuck: robot('alarm_raised', formatLogEvent('alarm_raised', { alarm: 'imu_stuck' })), // 發生警報：IMU 卡住 / Alarm raised: IMU stuck
  lowBattery: robot('alarm_raised', formatLogEvent('alarm_raised', { alarm: 'low_battery' })), // 發生警報：電量不足
  cleared: robot('alarm_cleared', formatLogEvent('alarm_cleared', { alarm: 'imu_stuck' })), // 警報解除：IMU 卡住
  charging: robot('battery', formatLogEvent('device_going_to_charge', { battery: 18, point: 3 })), // 電量 18%：前往充電點 3
  arrived: robot('state', formatLogEvent('device_state_changed', { from: 'goto', to: 'arrive' })), // 狀態：前往目標 → 已抵達
  dispatched: {
    source: 'track',
    level: 'info',
    type: 'dispatch',
    message: formatLogEvent('device_robot_dispatched', { sn: 'R-007', point: 12 }), // 機器人 R-007 前往桌位點 12
    trackId: 1,
  } satisfies LogEntry,
  ownChinese: robot('note', '機器人卡住了，請協助'),
  ownEnglish: robot('note', 'wheel slipped near the kitchen'),
  laughter: robot('note', '哈'),
} as const;
type Name = keyof typeof RECORDS;

beforeAll(async () => {
  await seedLogs(app, Object.values(RECORDS));
});

/** The names of the records a free-text search answers. */
const found = async (q: string) => {
  const { status, body } = await getLogs(app, admin, { q });
  expect(status, JSON.stringify(body)).toBe(200);
  const messages = (body.data.items as { message: string }[]).map((r) => r.message);
  return (Object.keys(RECORDS) as Name[]).filter((name) => messages.includes(RECORDS[name].message)).sort();
};

describe('free text finds what the reader sees, in either language', () => {
  it.each<[string, Name[]]>([
    ['卡住', ['cleared', 'ownChinese', 'stuck']],
    ['警報', ['cleared', 'lowBattery', 'stuck']],
    ['前往', ['arrived', 'charging', 'dispatched']],
    ['電量', ['charging', 'lowBattery']],
    ['發生警報：IMU', ['stuck']],
    ['R-007 前往桌位點', ['dispatched']],
    ['請協助', ['ownChinese']],
  ])('zh-TW %s', async (q, names) => {
    expect(await found(q)).toEqual(names);
  });

  it.each<[string, Name[]]>([
    ['arrive', ['arrived']],
    // The English screen names the alarm; the stored message has its code. Both are found.
    ['IMU stuck', ['cleared', 'stuck']],
    ['imu_stuck', ['cleared', 'stuck']],
    ['going to target', ['arrived']],
    ['LOW BATTERY', ['lowBattery']],
    ['wheel slipped', ['ownEnglish']],
  ])('en %s', async (q, names) => {
    expect(await found(q)).toEqual(names);
  });

  it('matches whole text, not characters spread out or repeated', async () => {
    expect(await found('哈哈')).toEqual([]);
    expect(await found('哈')).toEqual(['laughter']);
    expect(await found('卡警')).toEqual([]);
    expect(await found('住卡')).toEqual([]);
  });

  it('keeps the message as written and the other filters', async () => {
    const { body } = await getLogs(app, admin, { q: '前往', source: 'track' });
    expect(body.data.items).toHaveLength(1);
    expect(body.data.items[0].message).toBe('robot R-007 sent to table point 12');
  });
});

describe('when the exact search runs out of time, the newest records are searched', () => {
  const recent = async (filter: { q: string; source?: 'track' }, recentRows: number) => {
    const page = await searchRecent(
      app.db,
      filter,
      recentRows,
      (db, where) => findLogPage(db, where, 0, 20),
      (answer) => ({ ...answer, capped: true, partial: true as const }),
    );
    const messages = page.items.map((r) => r.message);
    const names = (Object.keys(RECORDS) as Name[]).filter((name) => messages.includes(RECORDS[name].message)).sort();
    return { names, total: page.total, capped: page.capped, partial: 'partial' in page };
  };

  it('answers as the exact search does when the newest records are all there is', async () => {
    expect(await recent({ q: '卡住' }, 100)).toEqual({
      names: ['cleared', 'ownChinese', 'stuck'],
      total: 3,
      capped: false,
      partial: false,
    });
  });

  it('finds matches among the newest records only, and says the total is at least that', async () => {
    // The three newest: laughter, ownEnglish, ownChinese.
    expect(await recent({ q: '卡住' }, 3)).toEqual({ names: ['ownChinese'], total: 1, capped: true, partial: true });
    expect(await recent({ q: 'IMU stuck' }, 3)).toEqual({ names: [], total: 0, capped: true, partial: true });
  });

  it('answers from the newest records when the exact search is cancelled, and the exact answer when it is not', async () => {
    const limits = { deadlineMs: 250, hedgeAfterMs: 0, recentRows: 3 };
    const markPartial = <T>(answer: T) => ({ ...answer, partial: true as const });
    let cancel = true;
    const find = async (db: Parameters<typeof findLogPage>[0], where: Parameters<typeof findLogPage>[1]) => {
      // The exact search runs in its own transaction first; the newest records' search does not.
      if (cancel && db !== app.db)
        throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
      return findLogPage(db, where, 0, 20);
    };
    const cut = await search(app.db, { q: '卡住' }, limits, find, markPartial);
    expect(cut.items.map((r) => r.message)).toEqual([RECORDS.ownChinese.message]);
    expect(cut).toMatchObject({ total: 1, partial: true });
    cancel = false;
    const whole = await search(app.db, { q: '卡住' }, limits, find, markPartial);
    expect(whole).toMatchObject({ total: 3 });
    expect('partial' in whole).toBe(false);
    // Any other failure is not hidden behind a partial answer.
    const broken = async () => {
      throw new Error('connection lost');
    };
    await expect(search(app.db, { q: '卡住' }, limits, broken, markPartial)).rejects.toThrow('connection lost');
  });

  it('counts the newest records among those that pass the other filters', async () => {
    expect(await recent({ q: '前往', source: 'track' }, 2)).toEqual({
      names: ['dispatched'],
      total: 1,
      capped: false,
      partial: false,
    });
  });
});

describe('records written before the search text existed', () => {
  it('are filled in the background, newest first, and then found in Chinese', async () => {
    // As the migration leaves them: the column empty, the mark above the newest.
    await app.db.execute(sql`
      INSERT INTO ${logs} (time, source, level, type, message)
      VALUES (now(), 'robot', 'info', 'battery', ${formatLogEvent('device_charged', { battery: 96 })}),
             (now(), 'robot', 'info', 'note', 'plain English only')`);
    const [{ max }] = (await app.db.execute<{ max: string }>(sql`SELECT max(id)::text AS max FROM ${logs}`)).rows;
    await app.db.insert(logSearchBackfill).values({ belowId: Number(max) + 1 });
    expect(await found('充電完成')).toEqual([]);

    const steps: number[] = [];
    do steps.push(await backfillSearchTextStep(app.db, 4));
    while (steps.at(-1) !== 0);
    expect(steps.slice(0, -1).every((n) => n > 0)).toBe(true);
    expect(await app.db.select().from(logSearchBackfill)).toEqual([]);

    const { body } = await getLogs(app, admin, { q: '充電完成' });
    expect(body.data.items.map((r: { message: string }) => r.message)).toEqual(['charged: battery 96%']);
    // A message shown as written, without Chinese, needs none.
    const plain = await app.db.execute<{ search_text: string | null }>(
      sql`SELECT search_text FROM ${logs} WHERE message = 'plain English only'`,
    );
    expect(plain.rows[0].search_text).toBeNull();
  });
});
