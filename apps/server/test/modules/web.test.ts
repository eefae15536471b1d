import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../helper.ts';

let app: TestApp;
const bigScript = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word-${i}`))};`;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'rs-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>RailServe</title>');
  await writeFile(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'assets', 'big-2.js'), bigScript);
  await writeFile(path.join(dist, 'assets', 'big-2.js.br'), brotliCompressSync(bigScript));
  await writeFile(path.join(dist, 'assets', 'big-2.js.gz'), gzipSync(bigScript));
  app = await buildTestApp({ webDist: dist });
});
afterAll(async () => {
  await app.close();
  await rm(dist, { recursive: true, force: true });
});

describe('web app serving', () => {
  it('answers every app route with index.html', async () => {
    for (const url of ['/', '/login', '/robots', '/tracks/3/control']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>RailServe</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves built assets and answers a missing one with 404, not the page', async () => {
    expect((await app.inject('/assets/app-1.js')).body).toBe('console.log(1)');
    expect((await app.inject('/assets/app-0.js')).statusCode).toBe(404);
  });

  it('sends the precompressed asset the browser accepts, cached for a year', async () => {
    const br = await app.inject({ url: '/assets/big-2.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await app.inject({ url: '/assets/big-2.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bigScript);
    const plain = await app.inject({ url: '/assets/big-2.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it('compresses API answers for clients that accept it', async () => {
    const admin = await app.login('admin', ADMIN_PASSWORD);
    const res = await app.inject({
      url: '/api/openapi.json',
      headers: { ...admin, 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString()).openapi).toMatch(/^3\./);
  });

  it("lets the console run its broker worker from the server's own files only", async () => {
    const policy = String((await app.inject('/')).headers['content-security-policy']);
    expect(policy.split(';')).toContain("worker-src 'self'");
  });
});
