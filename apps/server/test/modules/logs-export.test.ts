import { formatLogEvent } from '@railserve/protocol';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helper.ts';
import { parseCsv, seedLogs } from '../support/logs.ts';

const { app, admin } = useTestApp();

beforeAll(async () => {
  await seedLogs(app);
});

const exportLogs = (query: string, headers = admin) =>
  app.inject({ method: 'GET', url: `/api/v1/logs/export?${query}`, headers });

describe('logs export', () => {
  it('streams the whole filtered set as CSV with a BOM, English headers and times in the zone', async () => {
    const res = await exportLogs('format=csv&lang=en&tz=Asia/Taipei');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="logs-\d{8}-\d{6}\.csv"$/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual([
      'ID',
      'Time (Asia/Taipei)',
      'Source',
      'Type',
      'Level',
      'Track ID',
      'Track name',
      'Robot SN',
      'Robot name',
      'Message',
    ]);
    expect(rows).toHaveLength(9);
    expect(rows.at(-1)!.slice(1)).toEqual([
      '2025-03-10 09:00:00',
      'Robot log',
      'Alarm raised',
      'Error',
      '1',
      'Hall A',
      'ROBOT-1',
      'Amy',
      'left motor communication error',
    ]);
    expect(rows.find((r) => r[3] === 'backup')![9]).toBe('nightly backup, "quoted", done\nsecond line');
    // A spreadsheet must not run a device's text as a formula.
    expect(rows[1][9]).toBe("'=cmd|calc");
  });

  it('translates headers and values to zh-TW by default and keeps the filter', async () => {
    const res = await exportLogs('level=error');
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0].slice(0, 5)).toEqual(['編號', '時間 (UTC)', '資料來源', '訊息類型', '等級']);
    expect(rows).toHaveLength(4);
    expect(rows[1][4]).toBe('錯誤');
    expect(rows.some((r) => r[9] === 'low battery 機器人電量低')).toBe(true);
    expect(rows.some((r) => r[3] === '警報發生')).toBe(true);
  });

  it('says a device’s worded-once message and its record type in the chosen language, as the screen does', async () => {
    await seedLogs(app, [
      {
        ts: '2025-03-14T08:00:00Z',
        source: 'track',
        trackId: 7,
        level: 'warning',
        type: 'command',
        message: formatLogEvent('device_command_refused', { command: 'send_target', error: 'no idle robot on this track' }),
      },
    ]);
    const zh = parseCsv((await exportLogs('trackId=7')).body.slice(1));
    expect(zh[1].slice(3, 5)).toEqual(['指令', '警告']);
    expect(zh[1][9]).toBe('指令「發送目標點」遭拒：此軌道沒有待命的機器人');
    const en = parseCsv((await exportLogs('trackId=7&lang=en')).body.slice(1));
    expect(en[1][3]).toBe('Command');
    expect(en[1][9]).toBe('Command “Send target point” refused: no idle robot on this track');
  });

  it('streams XLSX with a header row, one row per record and real date cells', async () => {
    const res = await exportLogs('format=xlsx&lang=en&tz=Asia/Taipei&source=robot');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(1).getCell(2).value).toBe('Time (Asia/Taipei)');
    const oldest = sheet.getRow(5);
    expect((oldest.getCell(2).value as Date).toISOString()).toBe('2025-03-10T09:00:00.000Z');
    expect(oldest.getCell(10).value).toBe('left motor communication error');
  });

  it('exports an empty set as a header only', async () => {
    const csv = await exportLogs('q=nothing-matches-this');
    expect(parseCsv(csv.body.slice(1))).toHaveLength(1);
    const xlsx = await exportLogs('format=xlsx&q=nothing-matches-this');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].rowCount).toBe(1);
  });

  it.each([
    ['format=pdf', 'format'],
    ['lang=fr', 'lang'],
    ['tz=Nowhere/Land', 'tz'],
    ['level=loud', 'level'],
  ])('refuses %s naming the field', async (query, field) => {
    const res = await exportLogs(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { path: string[] }) => d.path.join('.'))).toContain(`querystring.${field}`);
  });

  it('is refused to level 3', async () => {
    expect((await exportLogs('format=csv', await app.as(3))).statusCode).toBe(403);
  });
});
