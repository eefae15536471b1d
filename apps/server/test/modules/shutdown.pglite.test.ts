import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { preparedDataDir } from '../support/data-dir.ts';
import { countLogRecords, keepAliveLoad, seedLogRecords } from '../support/load.ts';
import { exited, startServerProcess } from '../support/server-process.ts';

// PGlite only: a SIGTERM while keep-alive clients keep asking and an export is streaming must end
// the process by the graceful path (exit code 0: the watchdog exits with 1), with the database
// closed, so that it opens again with every record.
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

const SEEDED = 10_000;

describe('shutdown under load', () => {
  it('exits cleanly with keep-alive clients and a streaming export, and closes the database', async () => {
    const dataDir = await preparedDataDir('rs-shutdown-');
    dirs.push(dataDir);
    await seedLogRecords(path.join(dataDir, 'db'), SEEDED);
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'shutdown-admin',
      LOGIN_ATTEMPTS_PER_MINUTE: '1000',
    });
    const login = await fetch(`${server.url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'shutdown-admin' }),
    });
    const authorization = `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`;

    const load = keepAliveLoad(server.url, authorization, 4);
    // An export read only as far as its first chunk: the rest waits on the socket.
    const exportRes = await fetch(`${server.url}/api/v1/logs/export?format=csv`, { headers: { authorization } });
    expect(exportRes.status).toBe(200);
    const reader = exportRes.body!.getReader();
    await reader.read();
    while (load.answered < 20) await new Promise((resolve) => setTimeout(resolve, 50));

    server.child.kill('SIGTERM');
    const code = await exited(server.child);
    await load.stop();
    await reader.cancel().catch(() => {});

    expect(server.output()).not.toContain('shutdown did not finish in time');
    expect(code).toBe(0);
    expect(server.output()).toContain('database closed');
    expect(await countLogRecords(path.join(dataDir, 'db'))).toBeGreaterThanOrEqual(SEEDED);
  }, 180_000);
});
