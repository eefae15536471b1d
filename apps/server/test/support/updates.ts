import { createHash } from 'node:crypto';
import type { TestApp } from '../helper.ts';
import { multipartBody } from './multipart.ts';

type Headers = { authorization: string };

/** Update files as they look: a zip (or APK) starts with `PK\x03\x04`; a firmware image is raw bytes. */
export const updateContent = {
  zip: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]),
  firmware: (seed = 1) => Buffer.concat([Buffer.from([0x7f, 0x46, 0x57, seed]), Buffer.alloc(4096, seed)]),
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]),
};

export const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

export async function uploadUpdate(app: TestApp, headers: Headers, name: string, content: Buffer = updateContent.firmware()) {
  const body = await multipartBody({}, { name, content });
  return app.inject({
    method: 'POST',
    url: '/api/v1/updates/files',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** Uploads a file and answers its id (the upload must succeed). */
export async function uploadedFileId(app: TestApp, headers: Headers, name: string, content?: Buffer): Promise<number> {
  const res = await uploadUpdate(app, headers, name, content);
  if (res.statusCode !== 201) throw new Error(`upload ${name} failed: ${res.body}`);
  return res.json().data.id;
}

export async function createRecord(
  app: TestApp,
  headers: Headers,
  body: { deviceType?: string; version: string; deviceSerial: string; fileId: number },
) {
  return app.inject({ method: 'POST', url: '/api/v1/updates', headers, payload: { deviceType: 'robot', ...body } });
}

/** HTTP Basic credentials of a device (its broker username and DEVICE_KEY). */
export const deviceAuth = (app: TestApp, username: string) => ({
  authorization: `Basic ${Buffer.from(`${username}:${app.secrets.deviceKey}`).toString('base64')}`,
});
