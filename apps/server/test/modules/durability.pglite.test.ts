import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { preparedDataDir } from '../support/data-dir.ts';
import { auditedUsernames } from '../support/load.ts';
import { exited, startServerProcess } from '../support/server-process.ts';

// PGlite only (the PostgreSQL run excludes *.pglite.test.ts). The embedded database must keep every write it acknowledged when the process is killed
// without warning, and must still open afterwards.
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function login(url: string) {
  const res = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'durable-admin' }),
  });
  const body = (await res.json()) as { data: { token: string } };
  return `Bearer ${body.data.token}`;
}

describe('embedded database durability', () => {
  it('finds every acknowledged write, and its audit record, after SIGKILL in the middle of writes', async () => {
    const dataDir = await preparedDataDir('rs-durable-');
    dirs.push(dataDir);
    const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: 'durable-admin', LOGIN_ATTEMPTS_PER_MINUTE: '1000' };
    const first = await startServerProcess(env);
    const authorization = await login(first.url);

    const acknowledged: string[] = [];
    let stop = false;
    const writer = (async () => {
      for (let i = 0; !stop; i++) {
        const username = `durable_${i}`;
        const res = await fetch(`${first.url}/api/v1/users`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization },
          body: JSON.stringify({ username, password: 'secret1', permission: 3 }),
        }).catch(() => undefined);
        if (res?.status === 201) acknowledged.push(username);
        else if (!res) return;
      }
    })();
    // Kill once a good number of writes were acknowledged, with more still under way.
    await expect.poll(() => acknowledged.length, { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(25);
    first.child.kill('SIGKILL');
    await exited(first.child);
    stop = true;
    await writer;

    const second = await startServerProcess(env);
    try {
      const res = await fetch(`${second.url}/api/v1/users?pageSize=all&q=durable_`, {
        headers: { authorization: await login(second.url) },
      });
      const body = (await res.json()) as { data: { items: { username: string }[] } };
      const names = new Set(body.data.items.map((u) => u.username));
      const lost = acknowledged.filter((name) => !names.has(name));
      expect(lost).toEqual([]);
    } finally {
      second.child.kill('SIGTERM');
      expect(await exited(second.child)).toBe(0);
    }
    // Each acknowledged write has its audit record: the answer left only once the record was stored.
    const audited = await auditedUsernames(path.join(dataDir, 'db'));
    expect(acknowledged.filter((name) => !audited.has(name))).toEqual([]);
  }, 180_000); // two server starts and a fresh database: slow on a loaded two-core machine
});
