import { randomBytes } from 'node:crypto';
import { type CreateUserBody, canManageUser, type UpdateUserBody } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { SessionUser } from '../../types.ts';
import * as repo from './repository.ts';

type Actor = Pick<SessionUser, 'id' | 'permission'>;

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

const cannotGrant = () => forbidden('You cannot give a level above your own', 'cannot_grant_higher_level');
const cannotManage = () => forbidden('You cannot change a user whose level is above your own', 'cannot_manage_higher_level');
const lastAdministrator = () =>
  conflict('last_administrator', 'The last active administrator cannot be demoted, deactivated or deleted');

export async function createUser(db: Database, body: CreateUserBody, actor: Actor) {
  if (body.permission < actor.permission) throw cannotGrant();
  if (await repo.findUserByUsername(db, body.username)) throw conflict('username_taken', `Username ${body.username} is taken`);
  try {
    const row = await repo.insertUser(db, {
      username: body.username,
      nickname: body.nickname || null,
      passwordHash: await hashPassword(body.password),
      permission: body.permission,
      status: body.status,
    });
    return repo.toUser(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('username_taken', `Username ${body.username} is taken`);
    throw error;
  }
}

export async function getUser(db: Database, id: number) {
  const row = await repo.findUserById(db, id);
  if (!row) throw notFound('User');
  return repo.toUser(row);
}

/**
 * Edits a user within the level rules (protocol user-levels.ts). A new password, a new level or a
 * deactivation ends the user's tokens, over HTTP and on the broker.
 */
export async function editUser(app: FastifyInstance, id: number, body: UpdateUserBody, actor: Actor) {
  const current = await repo.findUserById(app.db, id);
  if (!current) throw notFound('User');
  if (!canManageUser(actor, current)) throw cannotManage();
  const levelChanges = body.permission !== undefined && body.permission !== current.permission;
  if (levelChanges && id === actor.id) throw forbidden('You cannot change your own level', 'cannot_change_own_level');
  if (levelChanges && body.permission! < actor.permission) throw cannotGrant();
  if (id === actor.id && body.status === 'inactive')
    throw badRequest('cannot_deactivate_self', 'You cannot deactivate your own account');

  const deactivates = current.status === 'active' && body.status === 'inactive';
  const revoke = Boolean(body.password) || levelChanges || deactivates;
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  const leavesAdministrators = current.permission === 0 && current.status === 'active' && (levelChanges || deactivates);
  const row = await app.db.transaction(async (tx) => {
    if (leavesAdministrators && (await repo.lockActiveAdministrators(tx)).length <= 1) throw lastAdministrator();
    return repo.updateUser(
      tx,
      id,
      {
        nickname: body.nickname === undefined ? undefined : body.nickname || null,
        permission: body.permission,
        status: body.status,
        passwordHash,
        mustChangePassword: body.password ? false : undefined,
      },
      revoke,
    );
  });
  if (revoke) app.userRevocations.revoked(id);
  return repo.toUser(row);
}

export async function removeUser(app: FastifyInstance, id: number, actor: Actor) {
  if (id === actor.id) throw badRequest('cannot_delete_self', 'You cannot delete your own account');
  const current = await repo.findUserById(app.db, id);
  if (!current) throw notFound('User');
  if (!canManageUser(actor, current)) throw cannotManage();
  await app.db.transaction(async (tx) => {
    if (current.permission === 0 && current.status === 'active' && (await repo.lockActiveAdministrators(tx)).length <= 1)
      throw lastAdministrator();
    if ((await repo.deleteUser(tx, id)) === 0) throw notFound('User');
  });
  app.userRevocations.revoked(id);
}

export type AdministratorStart =
  | { created: true; username: string; password: string; generated: boolean }
  | { created: false; adminExists: boolean };

/**
 * The first start creates `admin`. Without ADMIN_PASSWORD a random password is returned to be
 * printed once, and the first sign-in with it must choose a new one. Later starts change nothing
 * and answer whether `admin` is there.
 */
export async function ensureAdministrator(db: Database, password: string | undefined): Promise<AdministratorStart> {
  if ((await repo.countUsers(db)) > 0) {
    return { created: false, adminExists: (await repo.findUserByUsername(db, 'admin')) !== undefined };
  }
  const chosen = password ?? randomBytes(12).toString('base64url');
  await repo.insertUser(db, {
    username: 'admin',
    nickname: 'Administrator',
    passwordHash: await hashPassword(chosen),
    permission: 0,
    status: 'active',
    mustChangePassword: password === undefined,
  });
  return { created: true, username: 'admin', password: chosen, generated: password === undefined };
}
