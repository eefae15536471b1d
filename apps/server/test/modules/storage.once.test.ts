import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { parseByteRange } from '../../src/lib/byte-range.ts';
import { deviceFromBasicAuth } from '../../src/lib/device-credentials.ts';
import { detectFileType } from '../../src/lib/file-type.ts';
import { errorsPlugin } from '../../src/plugins/errors.ts';
import { storagePlugin } from '../../src/plugins/storage.ts';
import { multipartBody, sampleFiles } from '../support/multipart.ts';

describe('file types by content', () => {
  it.each([
    ['png', sampleFiles.png],
    ['jpeg', sampleFiles.jpeg],
    ['webp', sampleFiles.webp],
    ['wav', sampleFiles.wav],
    ['mp3', sampleFiles.mp3],
    ['mp3', sampleFiles.mp3WithTag],
    ['ogg', sampleFiles.ogg],
    ['m4a', sampleFiles.m4a],
    ['zip', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0])],
    ['json', Buffer.from('  {"points": []}')],
    ['binary', sampleFiles.text],
    ['binary', Buffer.alloc(0)],
  ])('detects %s', (type, content) => {
    expect(detectFileType(content)).toBe(type);
  });

  it('does not take a WAV header for WebP or a stray 0xFF for MP3', () => {
    expect(detectFileType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('AVI ')]))).toBe('binary');
    expect(detectFileType(Buffer.from([0xff, 0xff, 0xff, 0xff]))).toBe('binary');
  });
});

describe('byte ranges', () => {
  it.each([
    [undefined, 100, undefined],
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=50-500', 100, { start: 50, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=9-3', 100, 'unsatisfiable'],
    ['bytes=0-1,5-6', 100, undefined],
    ['items=0-1', 100, undefined],
  ] as const)('%s of %i bytes', (header, size, expected) => {
    expect(parseByteRange(header, size)).toEqual(expected);
  });
});

describe('device credentials over HTTP', () => {
  const key = 'device-key-0123456789abcdef';
  const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const check = async (_device: unknown, password: string) => password === key;

  it('names the robot or controller whose broker credentials are given', async () => {
    expect(await deviceFromBasicAuth(basic('SIM-0001', key), check)).toEqual({ kind: 'robot', sn: 'SIM-0001' });
    expect(await deviceFromBasicAuth(basic('track-7', key), check)).toEqual({ kind: 'track', trackId: 7 });
  });

  it('refuses a wrong key, the server and web users, and malformed headers', async () => {
    expect(await deviceFromBasicAuth(basic('SIM-0001', `${key}x`), check)).toBeUndefined();
    expect(await deviceFromBasicAuth(basic('web', key), check)).toBeUndefined();
    expect(await deviceFromBasicAuth(basic('railserve-server', key), check)).toBeUndefined();
    expect(await deviceFromBasicAuth(basic('bad sn!', key), check)).toBeUndefined();
    expect(await deviceFromBasicAuth('Bearer abc', check)).toBeUndefined();
    expect(await deviceFromBasicAuth(undefined, check)).toBeUndefined();
  });
});

describe('upload storage', () => {
  let app: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'rs-storage-'));
    app = Fastify();
    app.decorate('config', { ...loadConfig({}), dataDir });
    await app.register(errorsPlugin);
    await app.register(storagePlugin);
    app.post('/upload-image', async (request) => {
      const file = await app.files.receive(request, { maxBytes: 1024, accept: ['png', 'jpeg', 'webp'] });
      await app.files.keep(file, `images/${file.sha256}`);
      return { type: file.type, size: file.size, sha256: file.sha256, fields: file.fields, filename: file.filename };
    });
    app.get('/file/:sha', async (request, reply) =>
      app.files.send(request, reply, `images/${(request.params as { sha: string }).sha}`, { contentType: 'image/png' }),
    );
  });
  afterAll(() => app.close());

  const upload = async (fields: Record<string, string>, file?: Parameters<typeof multipartBody>[1]) =>
    app.inject({ method: 'POST', url: '/upload-image', ...(await multipartBody(fields, file)) });
  const leftovers = async () => readdir(path.join(dataDir, 'tmp', 'uploads')).catch(() => []);

  it('streams an accepted file to the store with its hash, size and fields', async () => {
    const res = await upload({ note: 'floor plan' }, { name: '../../plan.png', content: sampleFiles.png });
    expect(res.statusCode).toBe(200);
    const sha256 = createHash('sha256').update(sampleFiles.png).digest('hex');
    expect(res.json()).toEqual({
      type: 'png',
      size: sampleFiles.png.length,
      sha256,
      fields: { note: 'floor plan' },
      filename: 'plan.png',
    });
    expect(await readFile(path.join(dataDir, 'files', 'images', sha256))).toEqual(sampleFiles.png);
    expect(await leftovers()).toEqual([]);
  });

  it('refuses a file whose content is not an accepted type, whatever its name (415)', async () => {
    const res = await upload({}, { name: 'plan.png', content: sampleFiles.text, type: 'image/png' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, code: 'unsupported_media_type' });
    expect(await leftovers()).toEqual([]);
  });

  it('refuses a file over the limit (413) and keeps nothing of it', async () => {
    const big = Buffer.concat([sampleFiles.png, Buffer.alloc(4096)]);
    const res = await upload({}, { name: 'big.png', content: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'payload_too_large' });
    expect(await leftovers()).toEqual([]);
  });

  it('refuses a body that is not multipart (415), a missing file (400) and a NUL in a field (400)', async () => {
    const json = await app.inject({ method: 'POST', url: '/upload-image', payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect((await upload({ note: 'x' })).json()).toMatchObject({ code: 'file_missing' });
    const nul = await upload({ note: 'a\0b' }, { name: 'p.png', content: sampleFiles.png });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: 'invalid_characters' });
    expect(await leftovers()).toEqual([]);
  });

  it('serves a stored file whole and by range, and 416 or 404 where it cannot', async () => {
    const sha256 = createHash('sha256').update(sampleFiles.png).digest('hex');
    const whole = await app.inject({ method: 'GET', url: `/file/${sha256}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload).toEqual(sampleFiles.png);
    const part = await app.inject({ method: 'GET', url: `/file/${sha256}`, headers: { range: 'bytes=1-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1-3/${sampleFiles.png.length}`);
    expect(part.rawPayload).toEqual(sampleFiles.png.subarray(1, 4));
    const beyond = await app.inject({ method: 'GET', url: `/file/${sha256}`, headers: { range: 'bytes=999-' } });
    expect(beyond.statusCode).toBe(416);
    expect((await app.inject({ method: 'GET', url: '/file/missing' })).statusCode).toBe(404);
  });

  it('never resolves a key outside its root', () => {
    expect(() => app.files.path('../secrets.json')).toThrow();
    expect(() => app.files.path('/etc/passwd')).toThrow();
    expect(app.files.path('images/a')).toBe(path.join(dataDir, 'files', 'images', 'a'));
  });
});
