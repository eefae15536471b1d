import { type RobotStatusPayload, topics } from '@railserve/protocol';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDuration } from '../../src/modules/analytics/export.ts';
import { useTestApp } from '../helper.ts';
import { createTrack, eventually, saveMap } from '../support/tracks.ts';

const { app, admin } = useTestApp();
const SN = 'ANA-EXP-1';
const HOUR = 3_600_000;
// Noon UTC yesterday: whole hours in the past.
const T = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 12 * HOUR;
const at = (seconds: number) => new Date(T + seconds * 1000).toISOString();
let trackId: number;

const range = `from=${new Date(T - 12 * HOUR).toISOString()}&to=${new Date(T + 12 * HOUR).toISOString()}`;
const download = (query: string, headers: { authorization?: string } = admin) =>
  app.inject({ method: 'GET', url: `/api/v1/analytics/export?${range}&${query}`, headers });
const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

beforeAll(async () => {
  trackId = (await createTrack(app, admin, { name: 'Export track' })).id;
  expect((await saveMap(app, admin, trackId)).statusCode).toBe(200);
  const statuses = [
    { state: 'goto', point: 1, target: 10, ts: at(0) },
    { state: 'arrive', point: 10, target: 10, ts: at(65) },
    { state: 'return', point: 10, ts: at(95) },
    { state: 'idle', point: 1, ts: at(125) },
    { connection: 'offline', ts: at(185) },
  ];
  for (const s of statuses)
    await app.mqtt.publish(topics.robotStatus(SN), { sn: SN, battery: 80, trackId, alarms: [], ...s } as RobotStatusPayload, {
      qos: 1,
    });
  await eventually(
    async () => {
      await app.analytics.flush();
      return app.analytics.stats.rows;
    },
    (rows) => rows >= 5,
  );
  await app.analytics.rollUp();
  await app.robots.flush();
});

describe('analytics export', () => {
  it('writes the per-table table as CSV in Chinese: headers, table names, a duration as a clock', async () => {
    const res = await download(`table=perTable&format=csv&lang=zh-TW&trackId=${trackId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="analytics-perTable-\d{8}-\d{6}\.csv"/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(csvRows(res.body)).toEqual(['桌號,軌道,送餐次數,中斷,平均送餐時間', 'A1 / A2,Export track,1,0,1:05']);
  });

  it('writes the per-robot table in English with shares as percentages', async () => {
    const res = await download(`table=perRobot&format=csv&lang=en&robotSn=${SN}`);
    const [header, row] = csvRows(res.body);
    expect(header).toBe('Robot,Serial number,Utilisation,Moving or serving,Idle,Charging,Sleep,Alarm,Other');
    // 125 s busy of 185 s online.
    expect(row).toBe(`${SN},${SN},67.6%,2:05,1:00,0:00,0:00,0:00,0:00`);
  });

  it('writes the heat map with weekday names and the day buckets in the reader’s zone', async () => {
    const heat = csvRows((await download('table=heatMap&format=csv&lang=zh-TW&tz=Asia/Taipei')).body);
    expect(heat).toHaveLength(8);
    expect(heat[0].split(',')).toHaveLength(25);
    const weekday = new Date(T + 8 * HOUR).getUTCDay();
    expect(heat[1 + weekday].split(',')[0]).toMatch(/^週/);
    expect(heat[1 + weekday].split(',')[1 + 20]).toBe('1');
    const days = csvRows((await download('table=availability&format=csv&lang=en&tz=Asia/Taipei')).body);
    expect(days[0]).toBe('Day (Asia/Taipei),Availability,Opening hours');
    expect(days[1]).toMatch(/^\d{4}-\d{2}-\d{2},[\d.]+%,\d+:00:00$/);
  });

  it('writes XLSX with real numbers, durations and shares under translated headers', async () => {
    const res = await download(`table=perTrack&format=xlsx&lang=zh-TW&trackId=${trackId}`);
    expect(res.statusCode, res.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('軌道比較');
    expect(sheet.getRow(1).values).toEqual([undefined, '軌道', '送餐次數', '中斷', '使用率', '可用率', '距離']);
    expect(sheet.getRow(2).getCell(1).value).toBe('Export track');
    expect(sheet.getRow(2).getCell(2).value).toBe(1);
    expect(sheet.getRow(2).getCell(4).numFmt).toBe('0.0%');
    const robots = await download(`table=perRobot&format=xlsx&lang=en&robotSn=${SN}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(robots.rawPayload as unknown as ArrayBuffer);
    const busy = book.worksheets[0].getRow(2).getCell(4);
    expect(busy.numFmt).toBe('[h]:mm:ss');
    // A duration is a fraction of a day; exceljs reads a cell in a time format back as a date from Excel's epoch.
    expect(busy.value).toEqual(new Date(Date.UTC(1899, 11, 30, 0, 2, 5)));
  });

  it('refuses an unknown table, a bad range and a scope that does not exist, in the envelope', async () => {
    for (const query of ['table=nope', 'table=perTable&format=pdf', 'table=perTable&lang=fr']) {
      const res = await download(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'validation_failed' });
    }
    const missing = await download('table=perTable&trackId=999999');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('not_found');
  });

  it('is refused to level 3 and to nobody', async () => {
    expect((await download('table=perTable', await app.as(3))).statusCode).toBe(403);
    expect((await download('table=perTable', {})).statusCode).toBe(401);
    expect((await download('table=perTable', await app.as(2))).statusCode).toBe(200);
  });

  it('formats durations as the screen does', () => {
    expect(formatDuration(65_000)).toBe('1:05');
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(3_600_000 + 7_000)).toBe('1:00:07');
  });
});
