import { randomBytes, scryptSync } from 'node:crypto';
import type { TestApp } from '../helper.ts';

export type Level = 0 | 1 | 2 | 3;
export const LEVELS: Level[] = [0, 1, 2, 3];

/** What the level rules allow (issue 9): users.write is levels 0-1, and never above one's own level. */
export const mayManage = (actor: Level, target: Level) => actor <= 1 && target >= actor;

/** The expected refusal code when `actor` may not act on a user of level `target`. */
export const refusalCode = (actor: Level) => (actor <= 1 ? 'cannot_manage_higher_level' : 'forbidden');

/** A user of `level`, created directly; answers its id. */
export async function userAt(app: TestApp, level: Level) {
  const { id } = await app.as(level);
  return id;
}

export function send(
  app: TestApp,
  headers: { authorization: string },
  method: 'PUT' | 'DELETE' | 'POST',
  url: string,
  payload?: object,
) {
  return app.inject({ method, url: `/api/v1${url}`, headers, payload });
}

/** A password hash as the console stored it before the scrypt parameters were raised (N=2^14). */
export function legacyHash(password: string) {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 });
  return ['scrypt', 16384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export const login = (
  app: TestApp,
  username: string,
  password: string,
  extra: { headers?: Record<string, string>; remoteAddress?: string } = {},
) => app.inject({ method: 'POST', url: '/api/v1/login', payload: { username, password }, ...extra });
