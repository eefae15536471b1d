import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { UpdateRecord } from '@railserve/protocol';
import { adminCall } from './api.ts';

/** The console's HTTP address, which simulated robots download updates from. */
export const HTTP_URL = `http://127.0.0.1:${process.env.E2E_PORT}`;

/** A firmware image as bytes (no known file signature, so it is `binary`). */
export const firmwareImage = (seed: number) => Buffer.concat([Buffer.from([0x7f, 0x46, 0x57, seed]), Buffer.alloc(8192, seed)]);

/** Overwrites a stored update file on the test server's disk, as a damaged download would be. */
export const corruptStoredFile = (fileId: number) =>
  writeFile(path.join(process.env.E2E_DATA_DIR ?? '', 'files', 'updates', String(fileId)), firmwareImage(0xee));

export const updateRecords = (request: APIRequestContext, serial: string) =>
  adminCall<{ items: UpdateRecord[] }>(request, 'get', `/updates?q=${encodeURIComponent(serial)}&pageSize=all`);

export const uploadFirmware = async (request: APIRequestContext, name: string, content: Buffer, token: string) => {
  const res = await request.post('/api/v1/updates/files', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name, mimeType: 'application/octet-stream', buffer: content } },
  });
  return ((await res.json()) as { data: { id: number } }).data.id;
};
