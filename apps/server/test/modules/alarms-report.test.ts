import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { alarms } from '../../src/db/schema/alarms.ts';
import { robots } from '../../src/db/schema/robots.ts';
import { tracks } from '../../src/db/schema/tracks.ts';
import { downtimeCodesOf } from '../../src/modules/alarms/downtime-codes.ts';
import { alarmReport } from '../../src/modules/alarms/report.ts';
import { useTestApp } from '../helper.ts';
import { parseCsv } from '../support/logs.ts';

// The alarm report (issue 29, "Numbers"): a period's alarms per robot, track and code, its export.
const { app, admin } = useTestApp();

const at = (hhmm: string, day = '10') => new Date(`2025-03-${day}T${hhmm}:00.000Z`);
const FROM = '2025-03-10T08:00:00.000Z';
const TO = '2025-03-10T12:00:00.000Z';
let trackId = 0;

beforeAll(async () => {
  const [track] = await app.db.insert(tracks).values({ name: 'Hall R', type: 'loop' }).returning();
  trackId = track.id;
  const now = new Date();
  await app.db.insert(robots).values({
    sn: 'RP-1',
    consoleName: 'Amy',
    connection: 'online',
    battery: 80,
    state: 'idle',
    health: 'ok',
    alarms: [],
    lastUpdate: now,
    registeredAt: now,
  });
  const row = (
    sn: string,
    code: string,
    raised: Date,
    cleared: Date | null,
    acked: Date | null,
    track: number | null = trackId,
  ) => ({
    robotSn: sn,
    trackId: track,
    code,
    severity: 'critical',
    active: cleared === null,
    acknowledged: acked !== null,
    acknowledgedAt: acked,
    raisedAt: raised,
    lastRaisedAt: raised,
    clearedAt: cleared,
    clearedBy: cleared ? 'device' : null,
  });
  await app.db.insert(alarms).values([
    // RP-1: two downtime codes overlapping 09:00-09:30 and 09:15-10:00 → 60 min, not 75.
    row('RP-1', 'left_motor_comm', at('09:00'), at('09:30'), at('09:10')),
    row('RP-1', 'right_motor_comm', at('09:15'), at('10:00'), at('09:45')),
    // RP-1: low battery is no downtime by default; raised in the period, never acknowledged.
    row('RP-1', 'low_battery', at('10:00'), at('10:20'), null),
    // RP-2: raised before the period, cleared in it: 07:00-08:30 clipped to 30 min, not counted as raised.
    row('RP-2', 'imu_stuck', at('07:00'), at('08:30'), at('07:05')),
    // RP-2: raised in the period and still active: downtime runs to the period's end (11:00-12:00).
    row('RP-2', 'imu_stuck', at('11:00'), null, null),
    // RP-3, on no track: outside the period entirely.
    row('RP-3', 'imu_stuck', at('13:00'), at('13:30'), null, null),
    row('RP-3', 'imu_stuck', at('09:00', '09'), at('09:30', '09'), null, null),
  ]);
});

const report = async (query: string, headers = admin) =>
  app.inject({ method: 'GET', url: `/api/v1/alarms/report?${query}`, headers });

describe('alarm report', () => {
  it('counts, means and clipped downtime per robot, per track and per code', async () => {
    const res = await report(`from=${FROM}&to=${TO}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.downtimeCodes).toEqual(await downtimeCodesOf(app.db));
    expect(data.downtimeCodes).not.toContain('low_battery');
    expect(data.total).toEqual({
      count: 4,
      acknowledged: 2,
      meanAckSeconds: 20 * 60, // 10 min and 30 min
      cleared: 3,
      meanClearSeconds: ((30 + 45 + 20) * 60) / 3,
      downtimeSeconds: (60 + 30 + 60) * 60,
    });
    expect(data.byRobot).toEqual([
      {
        robotSn: 'RP-1',
        robotName: 'Amy',
        count: 3,
        acknowledged: 2,
        meanAckSeconds: 1200,
        cleared: 3,
        meanClearSeconds: 1900,
        downtimeSeconds: 3600,
      },
      {
        robotSn: 'RP-2',
        robotName: null,
        count: 1,
        acknowledged: 0,
        meanAckSeconds: null,
        cleared: 0,
        meanClearSeconds: null,
        downtimeSeconds: 5400,
      },
    ]);
    expect(data.byTrack).toEqual([expect.objectContaining({ trackId, trackName: 'Hall R', count: 4, downtimeSeconds: 9000 })]);
    const byCode = Object.fromEntries(data.byCode.map((r: { code: string }) => [r.code, r]));
    expect(Object.keys(byCode).sort()).toEqual(['imu_stuck', 'left_motor_comm', 'low_battery', 'right_motor_comm']);
    expect(byCode.imu_stuck).toMatchObject({ count: 1, downtimeSeconds: 90 * 60 });
    expect(byCode.left_motor_comm).toMatchObject({ count: 1, downtimeSeconds: 30 * 60, meanAckSeconds: 600 });
    expect(byCode.right_motor_comm).toMatchObject({ count: 1, downtimeSeconds: 45 * 60 });
    expect(byCode.low_battery).toMatchObject({ count: 1, downtimeSeconds: 0, acknowledged: 0 });
  });

  it('runs an alarm still active until now when the period reaches past now', async () => {
    const data = await alarmReport(app.db, { from: FROM, to: TO }, at('11:20').getTime());
    expect(data.byRobot.find((r) => r.robotSn === 'RP-2')?.downtimeSeconds).toBe((30 + 20) * 60);
    expect(data.total.downtimeSeconds).toBe((60 + 30 + 20) * 60);
  });

  it('answers an empty period with zeros and no rows', async () => {
    const data = (await report('from=2024-01-01T00:00:00Z&to=2024-01-02T00:00:00Z')).json().data;
    expect(data.total).toMatchObject({ count: 0, meanAckSeconds: null, downtimeSeconds: 0 });
    expect([data.byRobot, data.byTrack, data.byCode]).toEqual([[], [], []]);
  });

  it('refuses a reversed, empty, too long or malformed period with a clear 400', async () => {
    for (const [query, message] of [
      [`from=${TO}&to=${FROM}`, 'range_reversed'],
      [`from=${FROM}&to=${FROM}`, 'range_reversed'],
      ['from=2024-01-01T00:00:00Z&to=2025-01-02T00:00:01Z', 'range_too_long'],
    ]) {
      const res = await report(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().details[0], query).toMatchObject({ path: ['querystring', 'to'], message });
    }
    expect((await report('from=2024-01-01T00:00:00Z&to=2025-01-01T00:00:00Z')).statusCode).toBe(200);
    expect((await report('from=yesterday&to=today')).statusCode).toBe(400);
    expect((await report(`to=${TO}`)).statusCode).toBe(400);
  });

  it('is for every level that may view alarms, and for no device and nobody without a session', async () => {
    const viewer = await app.as(3, 'rp_viewer');
    expect((await report(`from=${FROM}&to=${TO}`, viewer)).statusCode).toBe(200);
    const none = await app.inject({ method: 'GET', url: `/api/v1/alarms/report?from=${FROM}&to=${TO}` });
    expect(none.statusCode).toBe(401);
    const exported = await app.inject({ method: 'GET', url: `/api/v1/alarms/report/export?from=${FROM}&to=${TO}&groupBy=code` });
    expect(exported.statusCode).toBe(401);
    // A robot with the shared device key opens no report: devices have their own data only.
    const device = { authorization: `Basic ${Buffer.from(`RP-1:${app.secrets.deviceKey}`).toString('base64')}` };
    expect((await report(`from=${FROM}&to=${TO}`, device)).statusCode).toBe(401);
    const byDevice = await app.inject({
      method: 'GET',
      url: `/api/v1/alarms/report/export?from=${FROM}&to=${TO}&groupBy=code`,
      headers: device,
    });
    expect(byDevice.statusCode).toBe(401);
  });
});

describe('alarm report export', () => {
  const exportReport = (query: string) =>
    app.inject({ method: 'GET', url: `/api/v1/alarms/report/export?from=${FROM}&to=${TO}&${query}`, headers: admin });

  it('exports a grouping as CSV in zh-TW by default, with translated headers, code names and a total', async () => {
    const res = await exportReport('groupBy=code&tz=Asia/Taipei');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="alarm-report-code-20250310-20250310.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual([
      '警報代碼',
      '警報',
      '警報數',
      '已確認',
      '平均確認時間（分鐘）',
      '已解除',
      '平均解除時間（分鐘）',
      '停機時間（分鐘）',
    ]);
    const imu = rows.find((r) => r[0] === 'imu_stuck')!;
    expect(imu[1]).toBe('IMU 卡住');
    expect(imu.slice(2)).toEqual(['1', '0', '', '0', '', '90']);
    expect(rows.at(-1)).toEqual(['合計', '', '4', '2', '20', '3', '31.7', '150']);
  });

  it('exports per robot in English and as an XLSX workbook', async () => {
    const csv = parseCsv((await exportReport('groupBy=robot&lang=en')).body.slice(1));
    expect(csv[0].slice(0, 3)).toEqual(['Robot SN', 'Robot name', 'Alarms']);
    expect(csv[1].slice(0, 3)).toEqual(['RP-1', 'Amy', '3']);
    const res = await exportReport('groupBy=track&format=xlsx&lang=en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('Per track');
    expect(sheet.getRow(1).getCell(2).value).toBe('Track name');
    expect(sheet.getRow(2).getCell(2).value).toBe('Hall R');
    expect(sheet.getRow(2).getCell(8).value).toBe(150);
    expect((await exportReport('groupBy=team')).statusCode).toBe(400);
    expect((await exportReport('groupBy=code&tz=Mars/Base')).statusCode).toBe(400);
  });
});
