import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helper.ts';
import { multipartBody } from '../support/multipart.ts';
import { createRecord, sha256, updateContent, uploadedFileId, uploadUpdate } from '../support/updates.ts';

const { app, admin } = useTestApp();

describe('uploading update files', () => {
  it('stores the file with the SHA-256 computed while streaming', async () => {
    const content = updateContent.firmware(3);
    const res = await uploadUpdate(app, admin, 'robotfw-1.2.3.bin', content);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      filename: 'robotfw-1.2.3.bin',
      size: content.length,
      sha256: sha256(content),
      version: '1.2.3',
      kind: 'firmware',
    });
  });

  it('takes each extension with content that fits it', async () => {
    expect((await uploadUpdate(app, admin, 'console-1.0.0.zip', updateContent.zip)).statusCode).toBe(201);
    expect((await uploadUpdate(app, admin, 'tablet-99.99.99.apk', updateContent.zip)).statusCode).toBe(201);
    expect((await uploadUpdate(app, admin, 'site-2.0.99.bin', updateContent.firmware())).statusCode).toBe(201);
  });

  it('answers the spec messages for a bad filename or version', async () => {
    for (const [name, code] of [
      ['console-100.0.0.zip', 'invalid_version_number'],
      ['console-1.100.0.zip', 'invalid_version_number'],
      ['console-0.1.0.zip', 'invalid_version_number'],
      ['console-1.0.0.exe', 'invalid_filename_format'],
      ['console.zip', 'invalid_filename_format'],
      ['console-1.0.zip', 'invalid_filename_format'],
    ]) {
      const res = await uploadUpdate(app, admin, name, updateContent.zip);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().code, name).toBe(code);
    }
    expect((await uploadUpdate(app, admin, 'console-1.0.0.exe', updateContent.zip)).json().message).toMatch(
      /Invalid filename format/,
    );
  });

  it('checks the content, not the extension', async () => {
    const png = await uploadUpdate(app, admin, 'fake-1.0.0.zip', updateContent.png);
    expect(png.statusCode).toBe(415);
    const zipAsBin = await uploadUpdate(app, admin, 'fake-1.0.0.bin', updateContent.zip);
    expect(zipAsBin.statusCode).toBe(415);
    const binAsApk = await uploadUpdate(app, admin, 'fake-1.0.0.apk', updateContent.firmware());
    expect(binAsApk.statusCode).toBe(415);
  });

  it('refuses a second file of the same name, a missing file and a non-multipart body', async () => {
    await uploadedFileId(app, admin, 'dup-1.0.0.bin');
    const again = await uploadUpdate(app, admin, 'dup-1.0.0.bin');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('update_filename_taken');
    const empty = await multipartBody({ note: 'no file' });
    const missing = await app.inject({
      method: 'POST',
      url: '/api/v1/updates/files',
      headers: { ...admin, ...empty.headers },
      payload: empty.payload,
    });
    expect(missing.statusCode).toBe(400);
    const json = await app.inject({ method: 'POST', url: '/api/v1/updates/files', headers: admin, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('refuses a file name with a NUL byte', async () => {
    const res = await uploadUpdate(app, admin, 'nul\u0000-1.0.0.bin');
    expect(res.statusCode).toBe(400);
  });
});

describe('listing and deleting update files', () => {
  it('lists newest first with paging and how many records use each', async () => {
    const id = await uploadedFileId(app, admin, 'listed-1.0.0.bin');
    await createRecord(app, admin, { version: '1.0.0', deviceSerial: 'RS-LIST', fileId: id });
    const res = await app.inject({ method: 'GET', url: '/api/v1/updates/files?pageSize=1', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items).toHaveLength(1);
    expect(res.json().data.items[0]).toMatchObject({ id, recordCount: 1 });
    expect(res.json().data.total).toBeGreaterThan(1);
  });

  it('refuses to delete a file a record uses, and deletes it once unused', async () => {
    const id = await uploadedFileId(app, admin, 'used-1.0.0.bin');
    const record = (await createRecord(app, admin, { version: '1.0.0', deviceSerial: 'RS-USED', fileId: id })).json().data;
    const refused = await app.inject({ method: 'DELETE', url: `/api/v1/updates/files/${id}`, headers: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('update_file_in_use');
    await app.inject({ method: 'DELETE', url: `/api/v1/updates/${record.id}`, headers: admin });
    const deleted = await app.inject({ method: 'DELETE', url: `/api/v1/updates/files/${id}`, headers: admin });
    expect(deleted.statusCode).toBe(200);
    const gone = await app.inject({ method: 'DELETE', url: `/api/v1/updates/files/${id}`, headers: admin });
    expect(gone.statusCode).toBe(404);
  });

  it('parses ids strictly within int4', async () => {
    for (const id of ['2147483648', '0', 'abc', '1.5']) {
      const res = await app.inject({ method: 'DELETE', url: `/api/v1/updates/files/${id}`, headers: admin });
      expect(res.statusCode, id).toBe(400);
    }
  });
});

describe('who may upload', () => {
  it('lets levels 0-1 upload; level 2 sees the list; level 3 and no token are refused', async () => {
    const service = await app.as(1);
    expect((await uploadUpdate(app, service, 'svc-1.0.0.bin')).statusCode).toBe(201);
    const advanced = await app.as(2);
    expect((await uploadUpdate(app, advanced, 'adv-1.0.0.bin')).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/v1/updates/files', headers: advanced })).statusCode).toBe(200);
    const general = await app.as(3);
    expect((await app.inject({ method: 'GET', url: '/api/v1/updates/files', headers: general })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/v1/updates/files' })).statusCode).toBe(401);
    const body = await multipartBody({}, { name: 'anon-1.0.0.bin', content: updateContent.firmware() });
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/v1/updates/files',
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
