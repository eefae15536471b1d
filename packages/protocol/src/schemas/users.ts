import { z } from 'zod';
import { PERMISSIONS, USER_STATUSES } from '../enums.ts';
import { NICKNAME_MAX, PASSWORD_MIN, USERNAME_MAX } from '../limits.ts';
import { pageQuery } from './common.ts';

export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;

export const username = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .max(USERNAME_MAX, { error: 'too_long' })
  .regex(USERNAME_PATTERN, { error: 'username_format' });
export const password = z.string().min(PASSWORD_MIN, { error: 'password_too_short' });
export const permission = z.union(PERMISSIONS.map((p) => z.literal(p)));
export const userStatus = z.enum(USER_STATUSES);
const nickname = z.string().trim().max(NICKNAME_MAX, { error: 'too_long' });

export const user = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string().nullable().optional(),
  permission,
  status: userStatus,
  /** Set for a generated password: the user must choose a new one before anything else. */
  mustChangePassword: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof user>;

export const createUserBody = z.object({
  username,
  nickname: nickname.optional(),
  password,
  permission,
  status: userStatus.default('active'),
});
export type CreateUserBody = z.infer<typeof createUserBody>;

/** Username is fixed after creation; a blank or missing password keeps the current one. */
export const updateUserBody = z.object({
  nickname: nickname.optional(),
  password: z.union([z.literal(''), password]).optional(),
  permission: permission.optional(),
  status: userStatus.optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

/** `PUT /me/password`: the signed-in user's own password, with the current one as proof. */
export const changeOwnPasswordBody = z.object({
  currentPassword: z.string().min(1, { error: 'required' }).max(256),
  password: password.max(256),
});
export type ChangeOwnPasswordBody = z.infer<typeof changeOwnPasswordBody>;

export const listUsersQuery = pageQuery.extend({
  q: z.string().trim().max(100).optional(),
  permission: z.coerce.number().int().min(0).max(3).optional(),
  status: userStatus.optional(),
});
export type ListUsersQuery = z.infer<typeof listUsersQuery>;
