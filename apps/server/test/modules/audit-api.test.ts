import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { scheduledAuditCleanup } from '../../src/modules/audit/service.ts';
import { ADMIN_PASSWORD, FIXTURE_PASSWORD, useTestApp } from '../helper.ts';
import { auditTrail, lastAudit, seedAuditRecords } from '../support/audit.ts';

// /audit: list with filters, statistics, detail, export, cleanup, and who may use them.
const { app, admin } = useTestApp();
let service: { authorization: string };
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  service = await app.as(1, 'service_one');
  // Sign-ins of their own, so the trail holds a record by each user.
  await app.login('service_one', FIXTURE_PASSWORD);
  await app.login('admin', ADMIN_PASSWORD);
  await app.inject({ method: 'POST', url: '/api/v1/login', payload: { username: 'admin', password: 'wrong-pass' } });
  await app.inject({
    method: 'POST',
    url: '/api/v1/users',
    headers: admin,
    payload: { username: 'kitchen_amy', nickname: 'Amy', password: 'secret1', permission: 3 },
  });
  await auditTrail(app);
});

const get = (url: string, headers = admin) => app.inject({ method: 'GET', url: `/api/v1/audit${url}`, headers });

describe('audit list and detail', () => {
  it('lists newest first with paging', async () => {
    const res = await get('?page=1&pageSize=2');
    expect(res.statusCode).toBe(200);
    const { items, total, page, pageSize } = res.json().data;
    expect({ page, pageSize, count: items.length }).toEqual({ page: 1, pageSize: 2, count: 2 });
    expect(total).toBeGreaterThanOrEqual(4);
    expect(Date.parse(items[0].time)).toBeGreaterThanOrEqual(Date.parse(items[1].time));
    expect(items[0]).not.toHaveProperty('requestData');
  });

  it('filters by type, result, user, target, free text and date range', async () => {
    const ofType = (await get('?type=login&result=failed')).json().data.items;
    expect(ofType.length).toBe(1);
    expect(ofType[0]).toMatchObject({ type: 'login', result: 'failed', username: 'admin' });
    const byUser = (await get('?username=SERVICE_ONE')).json().data.items;
    expect(byUser.every((r: { username: string }) => r.username === 'service_one')).toBe(true);
    expect(byUser.length).toBeGreaterThan(0);
    expect((await get('?target=users')).json().data.items.map((r: { target: string }) => r.target)).toContain('users');
    const text = (await get('?q=kitchen_a')).json().data.items;
    expect(text.length).toBe(1);
    expect(text[0].description).toContain('kitchen_amy');
    expect((await get('?q=100%25_')).json().data.total).toBe(0);
    const future = new Date(Date.now() + DAY).toISOString();
    expect((await get(`?from=${encodeURIComponent(future)}`)).json().data.total).toBe(0);
    const past = new Date(Date.now() - DAY).toISOString();
    expect((await get(`?from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}`)).json().data.total).toBeGreaterThan(
      0,
    );
  });

  it('answers 400 for bad filters', async () => {
    for (const query of [
      '?type=bogus',
      '?result=maybe',
      '?from=yesterday',
      '?pageSize=all',
      '?from=2025-02-01T00:00:00Z&to=2025-01-01T00:00:00Z',
    ]) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it('shows one record in full, and 404 for an unknown id', async () => {
    const created = await lastAudit(app, (r) => r.target === 'users' && r.result === 'success');
    const res = await get(`/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: created.id, type: 'user_management', newValues: { username: 'kitchen_amy' } });
    expect((await get('/99999999')).statusCode).toBe(404);
  });
});

describe('audit statistics', () => {
  it('counts by type, result, user and day in the requested time zone', async () => {
    const res = await get('/stats?tz=Asia/Taipei');
    expect(res.statusCode).toBe(200);
    const stats = res.json().data;
    const sum = (list: { count: number }[]) => list.reduce((n, b) => n + b.count, 0);
    expect(stats.total).toBe((await get('')).json().data.total);
    for (const list of [stats.byType, stats.byResult, stats.byDay]) expect(sum(list)).toBe(stats.total);
    expect(stats.byResult).toContainEqual({ key: 'failed', count: 1 });
    expect(stats.byType).toContainEqual(expect.objectContaining({ key: 'user_management' }));
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Taipei' }).format(new Date());
    expect(stats.byDay.map((d: { key: string }) => d.key)).toContain(today);
    expect(stats.byUser[0].count).toBeGreaterThanOrEqual(stats.byUser.at(-1).count);
    expect((await get('/stats?type=login')).json().data.byType).toEqual([{ key: 'login', count: expect.any(Number) }]);
    expect((await get('/stats?tz=Mars/Olympus')).statusCode).toBe(400);
  });
});

describe('audit export', () => {
  it('streams CSV with a byte order mark and translated headers and values', async () => {
    const res = await get('/export?format=csv&lang=en&type=login&tz=UTC');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-\d{8}\.csv"/);
    expect(res.body.startsWith('\uFEFFID,Time,Type,User,Target')).toBe(true);
    const lines = res.body.trim().split('\r\n');
    expect(lines.length - 1).toBe((await get('?type=login')).json().data.total);
    expect(lines[1]).toMatch(/^\d+,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,Login,/);
    const zh = await get('/export?format=csv&type=login');
    expect(zh.body).toContain('操作時間');
    expect(zh.body).toContain('登入');
  });

  it('says targets and descriptions in words in the chosen language, as the screen does', async () => {
    const en = await get('/export?format=csv&lang=en&type=user_management&tz=UTC');
    expect(en.body).toMatch(/,Users,Created Users \(/);
    const zh = await get('/export?format=csv&type=user_management&tz=UTC');
    expect(zh.body).toMatch(/,使用者,新增使用者（/);
  });

  it('streams XLSX that a spreadsheet program opens', async () => {
    const res = await get('/export?format=xlsx&lang=en');
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(2).value).toBe('Time');
    expect(sheet.rowCount).toBeGreaterThan(3);
    expect(JSON.stringify(sheet.getSheetValues())).not.toContain('wrong-pass');
  });

  it('records the export itself', async () => {
    await get('/export?format=xlsx&result=failed', service);
    const record = await lastAudit(app, (r) => r.type === 'export' && r.username === 'service_one');
    expect(record).toMatchObject({ result: 'success', affectedRows: 1, target: 'audit/export' });
  });
});

describe('audit cleanup', () => {
  it('removes exactly the records older than 90 days and answers how many', async () => {
    await seedAuditRecords(app, [365, 120, 91, 90.5], 'old-record');
    await seedAuditRecords(app, [89.5, 60, 1], 'recent-record');
    const res = await app.inject({ method: 'POST', url: '/api/v1/audit/cleanup', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.removed).toBe(4);
    expect(Date.now() - Date.parse(res.json().data.before)).toBeGreaterThanOrEqual(90 * DAY);
    expect((await get('?target=old-record')).json().data.total).toBe(0);
    expect((await get('?target=recent-record')).json().data.total).toBe(3);
    const record = await lastAudit(app, (r) => r.target === 'audit/cleanup');
    expect(record).toMatchObject({ type: 'delete', result: 'success', affectedRows: 4, username: 'admin' });
  });
});

describe('scheduled audit cleanup', () => {
  it('removes the old records by itself and leaves a system record of it', async () => {
    await seedAuditRecords(app, [200, 95], 'daily-old');
    await scheduledAuditCleanup(app);
    expect((await get('?target=daily-old')).json().data.total).toBe(0);
    const record = await lastAudit(app, (r) => r.type === 'system' && r.target === 'audit/cleanup');
    expect(record).toMatchObject({ username: null, result: 'success', affectedRows: 2 });
  });
});

describe('audit permissions', () => {
  it('lets levels 0 and 1 view and export, and only level 0 clean up', async () => {
    const advanced = await app.as(2);
    const general = await app.as(3);
    for (const url of ['', '/stats', '/export?format=csv', '/1']) {
      expect((await get(url, advanced)).statusCode, url).toBe(403);
      expect((await get(url, general)).statusCode, url).toBe(403);
      expect([200, 404], url).toContain((await get(url, service)).statusCode);
    }
    const cleanup = (headers: { authorization: string }) => app.inject({ method: 'POST', url: '/api/v1/audit/cleanup', headers });
    for (const headers of [service, advanced, general]) expect((await cleanup(headers)).statusCode).toBe(403);
    expect((await get('')).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/audit' })).statusCode).toBe(401);
  });
});
