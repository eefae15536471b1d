import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DeviceCredentials, enrollAll, enrollDevice } from '../src/enrollment.ts';

const dirs: string[] = [];
const servers: Server[] = [];
afterAll(async () => {
  for (const server of servers) server.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** A console stand-in: enrols each serial once, then answers 409 as the real endpoint does. */
async function fakeConsole() {
  const enrolled = new Set<string>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const { sn, trackId, enrollmentKey } = JSON.parse(body);
      const username = sn ?? `track-${trackId}`;
      res.setHeader('content-type', 'application/json');
      if (enrollmentKey !== 'rsek_good') return res.writeHead(401).end(JSON.stringify({ success: false, message: 'bad key' }));
      if (enrolled.has(username)) return res.writeHead(409).end(JSON.stringify({ success: false, message: 'enrolled' }));
      enrolled.add(username);
      res.end(JSON.stringify({ success: true, data: { username, password: `pw-${username}`, clientId: `c-${username}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('enrolling simulated devices', () => {
  it('enrols each device once and keeps the passwords in a 0600 file for the next run', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sim-enrol-'));
    dirs.push(dir);
    const file = path.join(dir, 'devices.json');
    const apiUrl = await fakeConsole();
    const devices = [
      { kind: 'controller' as const, trackId: 3 },
      { kind: 'robot' as const, sn: 'EN-1' },
    ];
    const first = await DeviceCredentials.load(file);
    await enrollAll({ apiUrl, enrollmentKey: 'rsek_good' }, devices, first);
    expect(Object.fromEntries(first.passwords)).toEqual({ 'track-3': 'pw-track-3', 'EN-1': 'pw-EN-1' });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))['EN-1']).toBe('pw-EN-1');
    // The next run enrols nothing: the console would answer 409 for these.
    const again = await DeviceCredentials.load(file);
    await enrollAll({ apiUrl, enrollmentKey: 'rsek_good' }, devices, again);
    expect(again.passwords.get('EN-1')).toBe('pw-EN-1');
  });

  it('says what to do when a device is already enrolled or the key is refused', async () => {
    const apiUrl = await fakeConsole();
    await enrollDevice({ apiUrl, enrollmentKey: 'rsek_good' }, { kind: 'robot', sn: 'EN-2' });
    await expect(enrollDevice({ apiUrl, enrollmentKey: 'rsek_good' }, { kind: 'robot', sn: 'EN-2' })).rejects.toThrow(
      /already enrolled: allow its re-enrollment/,
    );
    await expect(enrollDevice({ apiUrl, enrollmentKey: 'rsek_bad' }, { kind: 'robot', sn: 'EN-3' })).rejects.toThrow(/bad key/);
  });
});
