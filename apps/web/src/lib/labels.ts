import { type Permission, ROLE_KEYS, type UserStatus } from '@railserve/protocol';

/** Locale key of a permission level's role name (common.roles.*). */
export function roleLabelKey(permission: number): string {
  const role = ROLE_KEYS[permission as Permission];
  return role ? `common.roles.${role}` : 'common.roles.general';
}

export const userStatusLabelKey = (status: UserStatus) => `common.userStatus.${status}`;

/** The browser's IANA time zone, which exports and day statistics are shown in. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
