import { randomBytes } from 'node:crypto';
import type { CreateUserBody, UpdateUserBody } from '@railserve/protocol';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import * as repo from './repository.ts';

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

export async function createUser(db: Database, body: CreateUserBody) {
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

export async function editUser(db: Database, id: number, body: UpdateUserBody, actorId: number) {
  const current = await repo.findUserById(db, id);
  if (!current) throw notFound('User');
  if (id === actorId && body.status === 'inactive')
    throw badRequest('cannot_deactivate_self', 'You cannot deactivate your own account');
  const row = await repo.updateUser(db, id, {
    nickname: body.nickname === undefined ? undefined : body.nickname || null,
    permission: body.permission,
    status: body.status,
    passwordHash: body.password ? await hashPassword(body.password) : undefined,
  });
  return repo.toUser(row);
}

export async function removeUser(db: Database, id: number, actorId: number) {
  if (id === actorId) throw badRequest('cannot_delete_self', 'You cannot delete your own account');
  if ((await repo.deleteUser(db, id)) === 0) throw notFound('User');
}

/** The first start creates `admin`; without ADMIN_PASSWORD a random password is returned to print once. */
export async function ensureAdministrator(db: Database, password: string | undefined) {
  if ((await repo.countUsers(db)) > 0) return undefined;
  const chosen = password ?? randomBytes(9).toString('base64url');
  await repo.insertUser(db, {
    username: 'admin',
    nickname: 'Administrator',
    passwordHash: await hashPassword(chosen),
    permission: 0,
    status: 'active',
  });
  return { username: 'admin', password: chosen, generated: password === undefined };
}
