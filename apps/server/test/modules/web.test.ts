import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.ts';

let app: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'rs-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>RailServe</title>');
  await writeFile(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
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

  it('lets mqtt.js run its keepalive worker', async () => {
    expect((await app.inject('/')).headers['content-security-policy']).toContain("worker-src 'self' blob:");
  });
});
