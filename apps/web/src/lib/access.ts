import { type Action, can, canOpen, type Screen, SIDEBAR_HIDDEN } from '@railserve/protocol';

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
