import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByUsername } from '../../src/modules/users/repository.ts';
import { editUser, removeUser } from '../../src/modules/users/service.ts';
import { buildTestApp, type TestApp } from '../helper.ts';
import { LEVELS, type Level, mayManage, refusalCode, send, userAt } from '../support/users.ts';

// The level rules for every pair of levels: nobody grants a level above their own, nor changes a
// user above themselves, nor their own level; the last active administrator stays.
let app: TestApp;
const actors = {} as Record<Level, { authorization: string; id: number }>;

beforeAll(async () => {
  app = await buildTestApp();
  for (const level of LEVELS) actors[level] = await app.as(level);
});
afterAll(() => app.close());

let serial = 0;
const name = () => `made_${++serial}`;

describe('user level rules, every level pair', () => {
  for (const actor of LEVELS) {
    for (const target of LEVELS) {
      it(`level ${actor} creating a level ${target} user`, async () => {
        const res = await send(app, actors[actor], 'POST', '/users', {
          username: name(),
          password: 'secret1',
          permission: target,
        });
        if (mayManage(actor, target)) expect(res.statusCode).toBe(201);
        else {
          expect(res.statusCode).toBe(403);
          expect(res.json().code).toBe(actor <= 1 ? 'cannot_grant_higher_level' : 'forbidden');
        }
      });

      it(`level ${actor} editing, deactivating, resetting and deleting a level ${target} user`, async () => {
        const id = await userAt(app, target);
        const attempts = [
          () => send(app, actors[actor], 'PUT', `/users/${id}`, { nickname: 'renamed' }),
          () => send(app, actors[actor], 'PUT', `/users/${id}`, { password: 'new-secret' }),
          () => send(app, actors[actor], 'PUT', `/users/${id}`, { status: 'inactive' }),
          () => send(app, actors[actor], 'DELETE', `/users/${id}`),
        ];
        for (const attempt of attempts) {
          const res = await attempt();
          if (mayManage(actor, target)) expect(res.statusCode, res.body).toBe(200);
          else expect(res.json()).toMatchObject({ success: false, code: refusalCode(actor) });
        }
      });

      it(`level ${actor} setting a level ${target} user to every level`, async () => {
        for (const level of LEVELS) {
          const id = await userAt(app, target);
          const res = await send(app, actors[actor], 'PUT', `/users/${id}`, { permission: level });
          const allowed = mayManage(actor, target) && level >= actor;
          expect(res.statusCode, `to ${level}: ${res.body}`).toBe(allowed ? 200 : 403);
          if (!allowed && mayManage(actor, target)) expect(res.json().code).toBe('cannot_grant_higher_level');
        }
      });
    }

    it(`level ${actor} cannot change its own level`, async () => {
      const self = await app.as(actor);
      for (const level of LEVELS.filter((l) => l !== actor)) {
        const res = await send(app, self, 'PUT', `/users/${self.id}`, { permission: level });
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe(actor <= 1 ? 'cannot_change_own_level' : 'forbidden');
      }
      if (actor <= 1) {
        // Its own nickname and an unchanged level are fine.
        const res = await send(app, self, 'PUT', `/users/${self.id}`, { nickname: 'me', permission: actor });
        expect(res.statusCode).toBe(200);
      }
    });
  }
});

describe('the last active administrator', () => {
  it('cannot be demoted, deactivated or deleted, even by an administrator whose own account is gone', async () => {
    const fresh = await buildTestApp();
    try {
      const { id } = (await findUserByUsername(fresh.db, 'admin'))!;
      // Another administrator is made and demoted, so `admin` is the only active one left.
      const other = await fresh.as(0);
      await editUser(fresh, other.id, { permission: 1 }, { id, permission: 0 });
      const ghost = { id: 2_000_000, permission: 0 };
      for (const change of [{ permission: 1 as const }, { status: 'inactive' as const }]) {
        await expect(editUser(fresh, id, change, ghost)).rejects.toMatchObject({ statusCode: 409, code: 'last_administrator' });
      }
      await expect(removeUser(fresh, id, ghost)).rejects.toMatchObject({ statusCode: 409, code: 'last_administrator' });
      // With a second active administrator, demoting one is fine again.
      const second = await fresh.as(0);
      await expect(editUser(fresh, id, { permission: 1 }, { id: second.id, permission: 0 })).resolves.toMatchObject({
        permission: 1,
      });
    } finally {
      await fresh.close();
    }
  });

  it('survives two administrators demoting each other at once: one of them stays', async () => {
    const fresh = await buildTestApp();
    try {
      const a = await fresh.as(0, 'admin_a');
      const b = await fresh.as(0, 'admin_b');
      const original = (await findUserByUsername(fresh.db, 'admin'))!;
      await send(fresh, a, 'PUT', `/users/${original.id}`, { status: 'inactive' });
      const answers = await Promise.all([
        send(fresh, a, 'PUT', `/users/${b.id}`, { permission: 1 }),
        send(fresh, b, 'PUT', `/users/${a.id}`, { permission: 1 }),
      ]);
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      const left = await fresh.inject({
        method: 'GET',
        url: '/api/v1/users?permission=0&status=active',
        headers: await fresh.as(0),
      });
      // The one that stayed, plus the administrator this check signed in as.
      expect(left.json().data.items.filter((u: { username: string }) => u.username.startsWith('admin_'))).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});
