import type { Permission } from './enums.ts';

const ALL: readonly Permission[] = [0, 1, 2, 3];
const STAFF: readonly Permission[] = [0, 1, 2];
const MAKER: readonly Permission[] = [0, 1];
const ADMIN: readonly Permission[] = [0];

/**
 * Per-action permissions (DESIGN section 4b). The server checks every route against this
 * matrix; the web app reads the same matrix to hide what a user cannot do.
 */
export const ACTION_LEVELS = {
  'dashboard.view': ALL,
  'robots.view': ALL,
  'sessions.view': ALL,
  'tracks.view': ALL,
  'live.view': ALL,
  'alarms.view': ALL,
  'sessions.write': STAFF,
  'tracks.write': STAFF,
  'tracks.command': STAFF,
  'maps.write': STAFF,
  'tables.write': STAFF,
  'audio.write': STAFF,
  'robots.rename': STAFF,
  'robots.command': STAFF,
  /** Acknowledge, assign, comment on and reset alarms. */
  'alarms.handle': STAFF,
  /** Severity overrides, downtime codes, escalation times and webhooks. */
  'alarms.settings': MAKER,
  'users.view': STAFF,
  'logs.view': STAFF,
  'logs.export': STAFF,
  'updates.view': STAFF,
  'updates.download': STAFF,
  'robots.configure': MAKER,
  'robots.remove': MAKER,
  'sessions.delete': MAKER,
  'tracks.delete': MAKER,
  'logs.delete': MAKER,
  'users.write': MAKER,
  'updates.write': MAKER,
  'system.force_reload': MAKER,
  'system.restart': MAKER,
  'devices.enrollment_keys': MAKER,
  'devices.credentials': MAKER,
  'audit.view': MAKER,
  'audit.export': MAKER,
  'audit.cleanup': ADMIN,
  'analytics.view': STAFF,
  /** Which alarms count as downtime; rebuilding the rollups. */
  'analytics.settings': ADMIN,
} as const satisfies Record<string, readonly Permission[]>;

export type Action = keyof typeof ACTION_LEVELS;
export const ACTIONS = Object.keys(ACTION_LEVELS) as Action[];

export function can(permission: number | undefined | null, action: Action): boolean {
  if (permission === undefined || permission === null) return false;
  return (ACTION_LEVELS[action] as readonly number[]).includes(permission);
}

/**
 * Which screens each level opens (spec section 6). Level 2 opens session and track create and
 * edit although its sidebar hides the create entries; the users info and track control screens
 * are not in level 2's list, so they stay with levels 0 and 1.
 */
export const SCREEN_LEVELS = {
  dashboard: ALL,
  'sessions.list': ALL,
  'sessions.info': ALL,
  'sessions.create': STAFF,
  'sessions.edit': STAFF,
  'tracks.list': ALL,
  'tracks.info': ALL,
  'tracks.create': STAFF,
  'tracks.edit': STAFF,
  'tracks.control': MAKER,
  robots: ALL,
  alarms: ALL,
  'alarms.settings': MAKER,
  'users.list': STAFF,
  'users.info': MAKER,
  'users.create': MAKER,
  'users.edit': MAKER,
  logs: STAFF,
  'system-updates': STAFF,
  audit: MAKER,
  analytics: STAFF,
} as const satisfies Record<string, readonly Permission[]>;

export type Screen = keyof typeof SCREEN_LEVELS;

export function canOpen(permission: number | undefined | null, screen: Screen): boolean {
  if (permission === undefined || permission === null) return false;
  return (SCREEN_LEVELS[screen] as readonly number[]).includes(permission);
}

/** Sidebar entries hidden for a level although its guard may allow the screen (spec section 6). */
export const SIDEBAR_HIDDEN: Partial<Record<Screen, readonly Permission[]>> = {
  'sessions.create': [2],
  'tracks.create': [2],
  'users.create': [2],
  audit: [2],
};
