import { type Action, can, canOpen, SCREEN_LEVELS, type Screen, SIDEBAR_HIDDEN } from '@railserve/protocol';

/** The part of the signed-in user that decides access. */
export type AccessSubject = { permission: number } | null | undefined;

/** What a route asks for: public (anyone), or a screen of the permission matrix. */
export type RouteAccess = { public: true } | { screen: Screen };

export type RouteDecision = 'allow' | 'login' | 'dashboard';

/**
 * The guard's decision (spec section 2): a protected route without a user goes to /login,
 * a screen the user's level cannot open goes to /dashboard.
 */
export function decideRoute(user: AccessSubject, route: RouteAccess): RouteDecision {
  if ('public' in route) return 'allow';
  if (!user) return 'login';
  return canOpen(user.permission, route.screen) ? 'allow' : 'dashboard';
}

/** Whether the sidebar lists a screen: the level opens it and it is not hidden for that level. */
export function showsInSidebar(user: AccessSubject, screen: Screen): boolean {
  if (!user || !canOpen(user.permission, screen)) return false;
  const hidden = SIDEBAR_HIDDEN[screen] as readonly number[] | undefined;
  return !hidden?.includes(user.permission);
}

export function mayOpen(user: AccessSubject, screen: Screen): boolean {
  return !!user && canOpen(user.permission, screen);
}

export function mayDo(user: AccessSubject, action: Action): boolean {
  return !!user && can(user.permission, action);
}

/** Why a guard sent the user away: the screen it refused and the title of the page asked for (`routes.*`). */
export type Denial = { screen: Screen; titleKey: string };

/** The router state a refused page leaves for the page shown instead, which explains it. */
export const deniedState = (denial: Denial) => ({ denied: denial });

/** The denial in a location's state, or null: only a screen of the matrix and a route title count. */
export function readDenial(state: unknown): Denial | null {
  const denied = (state as { denied?: unknown } | null)?.denied as Partial<Denial> | undefined;
  if (!denied || typeof denied !== 'object') return null;
  const { screen, titleKey } = denied;
  if (typeof screen !== 'string' || !Object.hasOwn(SCREEN_LEVELS, screen)) return null;
  if (typeof titleKey !== 'string' || !titleKey.startsWith('routes.')) return null;
  return { screen: screen as Screen, titleKey };
}

/** The levels that open a screen. */
export const screenLevels = (screen: Screen): readonly number[] => SCREEN_LEVELS[screen];

/** Levels as read: a run as "0–1", one level as "0", others listed ("0, 2"). */
export function levelsText(levels: readonly number[]): string {
  const sorted = [...levels].sort((a, b) => a - b);
  const first = sorted[0];
  const last = sorted.at(-1);
  if (first === undefined || last === undefined) return '';
  if (sorted.length === 1) return String(first);
  if (last - first === sorted.length - 1) return `${first}–${last}`;
  return sorted.join(', ');
}
