import type { ChangeOwnPasswordBody, LoginBody, Permission } from '@railserve/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, notFound, unauthorized } from '../../lib/errors.ts';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords.ts';
import { classifyRequest } from '../audit/classify.ts';
import * as users from '../users/repository.ts';
import type { ConsoleSession } from './broker-accounts.ts';
import type { LoginThrottle } from './login-throttle.ts';

const invalidCredentials = () => unauthorized('Login failed, check your username and password', 'invalid_credentials');

/** The audit record of a refused sign-in names the real reason; the answer does not. */
function auditReason(request: FastifyRequest, reason: string) {
  const derived = classifyRequest('POST', 'login', 'login');
  if (!derived) return;
  request.auditContext = { ...derived, ...request.auditContext, errorMessage: reason };
}

/**
 * Signs a user in. Attempts over the limits are refused before any hashing; an unknown user, a
 * wrong password and an inactive account answer alike. A hash with older scrypt parameters is
 * redone with today's once the password is known to be right.
 */
export async function signIn(app: FastifyInstance, throttle: LoginThrottle, request: FastifyRequest, body: LoginBody) {
  const { username, password } = body;
  const wait = throttle.check(request.ip, username);
  if (wait > 0) {
    auditReason(request, `Too many attempts: refused for ${wait} s`);
    throw new AppError(429, 'too_many_requests', 'Too many attempts, please try again later', { retryAfterSeconds: wait });
  }
  const row = await users.findUserByUsername(app.db, username);
  const valid = await verifyPassword(password, row?.passwordHash ?? (await decoyHash()));
  if (!row || !valid || row.status !== 'active') {
    throttle.failed(request.ip, username);
    auditReason(request, !row ? 'Unknown user' : !valid ? 'Wrong password' : 'Account inactive');
    throw invalidCredentials();
  }
  throttle.succeeded(request.ip, username);
  if (needsRehash(row.passwordHash)) await users.updateUser(app.db, row.id, { passwordHash: await hashPassword(password) });
  const token = await app.jwt.sign({
    sub: String(row.id),
    username: row.username,
    permission: row.permission,
    ver: row.tokenVersion,
  });
  request.user = { id: row.id, username: row.username, nickname: row.nickname, permission: row.permission };
  return { token, user: users.toUser(row) };
}

/** Ends every token of the user, on every device: the token version is raised. */
export async function signOut(app: FastifyInstance, userId: number) {
  await users.revokeTokens(app.db, userId);
  app.userRevocations.revoked(userId);
}

/**
 * The signed-in user's own password (the forced change after a generated one, or any time). Other
 * tokens end; the answer carries a fresh token for this browser.
 */
export async function changeOwnPassword(app: FastifyInstance, userId: number, body: ChangeOwnPasswordBody) {
  const row = await users.findUserById(app.db, userId);
  if (!row) throw notFound('User');
  if (!(await verifyPassword(body.currentPassword, row.passwordHash)))
    throw new AppError(400, 'wrong_current_password', 'The current password is wrong');
  const updated = await users.updateUser(
    app.db,
    userId,
    { passwordHash: await hashPassword(body.password), mustChangePassword: false },
    true,
  );
  app.userRevocations.revoked(userId);
  const token = await app.jwt.sign({
    sub: String(updated.id),
    username: updated.username,
    permission: updated.permission,
    ver: updated.tokenVersion,
  });
  return { token, user: users.toUser(updated) };
}

/** The verified session of this request, for its broker account (the token was checked by the auth hook). */
export function consoleSession(app: FastifyInstance, request: FastifyRequest): ConsoleSession {
  const token = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
  const claims = app.jwt.decode<{ exp: number; ver: number }>(token);
  if (!claims) throw unauthorized('Invalid session token');
  return {
    userId: request.user.id,
    permission: request.user.permission as Permission,
    tokenVersion: claims.ver,
    expiresAt: claims.exp,
    token,
  };
}
