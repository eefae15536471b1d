import { PERMISSIONS, type Permission } from './enums.ts';

/**
 * Who may manage whom (issue 9, "Privilege"). Levels are ordered: 0 is the most privileged.
 * Nobody grants a level more privileged than their own, nor edits, deactivates, deletes or resets
 * the password of a user more privileged than themselves, nor changes their own level. The server
 * enforces these (users service); the user form offers only what they allow.
 */
export type UserRef = { id: number; permission: number };

/** The levels `actor` may give to a user: its own and every less privileged one. */
export function grantableLevels(actorPermission: number): Permission[] {
  return PERMISSIONS.filter((level) => level >= actorPermission);
}

/** True when `actor` may edit, deactivate, delete or reset the password of `target`. */
export function canManageUser(actor: UserRef, target: UserRef): boolean {
  return target.permission >= actor.permission;
}

/** True when `actor` may set `target`'s level to `level` (a user's own level is fixed). */
export function canSetLevel(actor: UserRef, target: UserRef, level: number): boolean {
  if (level === target.permission) return true;
  if (actor.id === target.id) return false;
  return canManageUser(actor, target) && level >= actor.permission;
}
