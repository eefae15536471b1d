import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helper.ts';
import { createRecord, deviceAuth, updateContent, uploadedFileId } from '../support/updates.ts';

const { app, admin } = useTestApp();
let fileId: number;
const content = updateContent.firmware(9);

beforeAll(async () => {
  fileId = await uploadedFileId(app, admin, 'robotfw-2.0.1.bin', content);
});

const get = (url: string, headers: { authorization?: string } = admin) =>
  app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

describe('update records', () => {
  it('creates a record waiting for download with a generated verification code', async () => {
    const res = await createRecord(app, admin, { version: '2.0.1', deviceSerial: 'RS-0001', fileId });
    expect(res.statusCode).toBe(201);
    const record = res.json().data;
    expect(record).toMatchObject({
      deviceType: 'robot',
      version: '2.0.1',
      deviceSerial: 'RS-0001',
      status: 'waiting_download',
      filename: 'robotfw-2.0.1.bin',
      failureReason: null,
    });
    expect(record.verificationCode).toMatch(/^[A-Z2-9]{8}$/);
    const other = (await createRecord(app, admin, { version: '2.0.1', deviceSerial: 'RS-0002', fileId })).json().data;
    expect(other.verificationCode).not.toBe(record.verificationCode);
  });

  it('refuses a version that breaks the rules or does not match the file', async () => {
    const bad = await createRecord(app, admin, { version: '2.100.1', deviceSerial: 'RS-0001', fileId });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ path: ['body', 'version'], message: 'invalid_version_number' });
    const mismatch = await createRecord(app, admin, { version: '2.0.2', deviceSerial: 'RS-0001', fileId });
    expect(mismatch.json().code).toBe('update_version_mismatch');
    const missing = await createRecord(app, admin, { version: '2.0.1', deviceSerial: 'RS-0001', fileId: 2147483647 });
    expect(missing.statusCode).toBe(404);
    const nul = await createRecord(app, admin, { version: '2.0.1', deviceSerial: 'RS\u00000001', fileId });
    expect(nul.statusCode).toBe(400);
    const extra = await app.inject({
      method: 'POST',
      url: '/api/v1/updates',
      headers: admin,
      payload: { deviceType: 'robot', version: '2.0.1', deviceSerial: 'RS-1', fileId, status: 'update_complete' },
    });
    expect(extra.statusCode).toBe(400);
    const huge = await app.inject({
      method: 'POST',
      url: '/api/v1/updates',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ deviceSerial: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    const text = await app.inject({
      method: 'POST',
      url: '/api/v1/updates',
      headers: { ...admin, 'content-type': 'application/xml' },
      payload: 'deviceType=robot',
    });
    expect(text.statusCode).toBe(415);
  });

  it('filters and pages the list', async () => {
    await createRecord(app, admin, { deviceType: 'tablet', version: '2.0.1', deviceSerial: 'S2026001', fileId });
    const tablets = await get('/updates?deviceType=tablet');
    expect(tablets.json().data.items.map((r: { deviceSerial: string }) => r.deviceSerial)).toEqual(['S2026001']);
    const page = await get('/updates?pageSize=1&page=2');
    expect(page.json().data).toMatchObject({ page: 2, pageSize: 1 });
    expect(page.json().data.items).toHaveLength(1);
    expect(page.json().data.total).toBeGreaterThanOrEqual(3);
    const search = await get('/updates?q=rs-0002');
    expect(search.json().data.items.map((r: { deviceSerial: string }) => r.deviceSerial)).toEqual(['RS-0002']);
    expect((await get('/updates?status=failed')).json().data.items).toEqual([]);
    expect((await get('/updates?q=%00')).statusCode).toBe(400);
    expect((await get('/updates?status=done')).statusCode).toBe(400);
  });

  it('edits a record (a status other than failed clears the reason) and deletes it', async () => {
    const record = (await createRecord(app, admin, { version: '2.0.1', deviceSerial: 'RS-EDIT', fileId })).json().data;
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/v1/updates/${record.id}`,
      headers: admin,
      payload: { deviceSerial: 'RS-EDITED', status: 'download_complete' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ deviceSerial: 'RS-EDITED', status: 'download_complete' });
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/updates/${record.id}`, headers: admin })).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/updates/${record.id}`, headers: admin })).statusCode).toBe(404);
    const big = await app.inject({ method: 'PUT', url: '/api/v1/updates/2147483648', headers: admin, payload: {} });
    expect(big.statusCode).toBe(400);
  });
});

describe('downloading an update', () => {
  let record: { id: number; verificationCode: string };
  beforeAll(async () => {
    record = (await createRecord(app, admin, { version: '2.0.1', deviceSerial: 'RS-DL', fileId })).json().data;
  });

  it('answers "no verification code" without one, and streams nothing', async () => {
    for (const query of ['', '?code=', '?code=%20']) {
      const res = await get(`/updates/${record.id}/download${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'no_verification_code', message: 'No verification code' });
    }
  });

  it('refuses a wrong code with 403', async () => {
    const res = await get(`/updates/${record.id}/download?code=WRONG123`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('wrong_verification_code');
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('streams the file with the right code, with ranges', async () => {
    const res = await get(`/updates/${record.id}/download?code=${record.verificationCode.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(content)).toBe(true);
    expect(res.headers['content-disposition']).toContain('robotfw-2.0.1.bin');
    const part = await app.inject({
      method: 'GET',
      url: `/api/v1/updates/${record.id}/download?code=${record.verificationCode}`,
      headers: { ...admin, range: 'bytes=0-3' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(content.subarray(0, 4))).toBe(true);
  });

  it('lets a robot download its own update with its device credentials, not another robot', async () => {
    const url = `/updates/${record.id}/download?code=${record.verificationCode}`;
    expect((await get(url, deviceAuth(app, 'RS-DL'))).statusCode).toBe(200);
    expect((await get(url, deviceAuth(app, 'RS-OTHER'))).statusCode).toBe(403);
    const wrongKey = { authorization: `Basic ${Buffer.from('RS-DL:nope').toString('base64')}` };
    expect((await get(url, wrongKey)).statusCode).toBe(401);
    expect((await get('/updates', deviceAuth(app, 'RS-DL'))).statusCode).toBe(401);
  });

  it('lets level 2 download and refuses level 3', async () => {
    const url = `/updates/${record.id}/download?code=${record.verificationCode}`;
    expect((await get(url, await app.as(2))).statusCode).toBe(200);
    expect((await get(url, await app.as(3))).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/api/v1${url}` })).statusCode).toBe(401);
  });
});

describe('who may change records', () => {
  it('refuses level 2 and 3 writes, and level 3 reads', async () => {
    for (const level of [2, 3] as const) {
      const headers = await app.as(level);
      expect((await createRecord(app, headers, { version: '2.0.1', deviceSerial: 'RS-X', fileId })).statusCode).toBe(403);
      expect((await app.inject({ method: 'PUT', url: '/api/v1/updates/1', headers, payload: {} })).statusCode).toBe(403);
      expect((await app.inject({ method: 'DELETE', url: '/api/v1/updates/1', headers })).statusCode).toBe(403);
    }
    expect((await get('/updates', await app.as(2))).statusCode).toBe(200);
    expect((await get('/updates', await app.as(3))).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/v1/updates', payload: {} })).statusCode).toBe(401);
  });
});
