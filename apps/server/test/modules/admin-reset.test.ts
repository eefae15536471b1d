import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetAdministrator, runAdminReset } from '../../src/cli/admin-reset.ts';
import { openDatabase } from '../../src/db/client.ts';
import { verifyPassword } from '../../src/lib/passwords.ts';
import { findUserByUsername, updateUser } from '../../src/modules/users/repository.ts';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../helper.ts';

// The way back when the only administrator demoted or locked itself out.
let app: TestApp;
// Three scrypt hashes at N=2^17 before the first test: slow on a busy machine.
beforeAll(async () => {
  app = await buildTestApp();
}, 180_000);
afterAll(() => app.close());

describe('administrator reset', () => {
  it('gives a demoted, deactivated administrator a new password, level 0 and active; old tokens end', async () => {
    const old = await app.login('admin', ADMIN_PASSWORD);
    const admin = (await findUserByUsername(app.db, 'admin'))!;
    await updateUser(app.db, admin.id, { permission: 3, status: 'inactive' });
    const { password } = await resetAdministrator(app.db, 'admin');
    expect((await app.inject({ method: 'GET', url: '/api/v1/me', headers: old })).statusCode).toBe(401);
    const headers = await app.login('admin', password);
    const me = (await app.inject({ method: 'GET', url: '/api/v1/me', headers })).json().data;
    expect(me).toMatchObject({ permission: 0, status: 'active', mustChangePassword: true });
  }, 120_000);

  it('creates the user when it is gone', async () => {
    const result = await resetAdministrator(app.db, 'rescuer');
    expect(result.created).toBe(true);
    expect((await findUserByUsername(app.db, 'rescuer'))?.permission).toBe(0);
  }, 120_000);

  it('runs from the command line on a stopped installation with an embedded database', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rs-reset-'));
    try {
      const first = await openDatabase({ dataDir: `${dataDir}/db` });
      await first.close();
      const lines: string[] = [];
      expect(await runAdminReset(['--username', 'keeper'], { DATA_DIR: dataDir }, (l) => lines.push(l))).toBe(0);
      const password = /password (\S+)/.exec(lines.join('\n'))?.[1];
      const reopened = await openDatabase({ dataDir: `${dataDir}/db` });
      try {
        const row = await findUserByUsername(reopened.db, 'keeper');
        expect(row).toMatchObject({ permission: 0, status: 'active', mustChangePassword: true });
        expect(await verifyPassword(password!, row!.passwordHash)).toBe(true);
      } finally {
        await reopened.close();
      }
      expect(await runAdminReset(['--username'], { DATA_DIR: dataDir }, (l) => lines.push(l))).toBe(2);
      expect(lines.at(-1)).toContain('Usage');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
