import { describe, expect, it } from 'vitest';
import { decideRoute } from '../lib/access.ts';
import { LOGIN_ROUTE, ROOT_REDIRECT, ROUTES } from './route-table.tsx';

/** Spec section 2's protected routes and, from section 6, the levels that open each. */
const SPEC_ROUTES: Record<string, number[]> = {
  '/dashboard': [0, 1, 2, 3],
  '/sessions': [0, 1, 2, 3],
  '/sessions/create': [0, 1, 2],
  '/sessions/:id/edit': [0, 1, 2],
  '/sessions/:id/info': [0, 1, 2, 3],
  '/tracks': [0, 1, 2, 3],
  '/tracks/create': [0, 1, 2],
  '/tracks/:id/edit': [0, 1, 2],
  '/tracks/:id/info': [0, 1, 2, 3],
  '/tracks/:id/control': [0, 1],
  '/logs': [0, 1, 2],
  '/users': [0, 1, 2],
  '/users/create': [0, 1],
  '/users/:id/edit': [0, 1],
  '/users/:id/info': [0, 1],
  '/robots': [0, 1, 2, 3],
  '/system-updates': [0, 1, 2],
  '/audit': [0, 1],
};

/** The product's own routes beyond the spec's list: the map editor of a track, as its form, and the alarm center. */
const PRODUCT_ROUTES: Record<string, number[]> = {
  '/tracks/:id/map/edit': [0, 1, 2],
  '/tracks/:id/map/info': [0, 1, 2, 3],
  /** The alarm center (issue 29): every level sees it; what each may do there is the action matrix. */
  '/alarms': [0, 1, 2, 3],
  /** Issue 30: operations analytics. */
  '/analytics': [0, 1, 2],
  /** Issue 29: severity overrides, downtime codes, escalation and webhooks. */
  '/alarm-settings': [0, 1],
};
const ALL_ROUTES = { ...SPEC_ROUTES, ...PRODUCT_ROUTES };

describe('route table', () => {
  it('holds every protected route of the spec, once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual(Object.keys(ALL_ROUTES).sort());
    expect(LOGIN_ROUTE.path).toBe('/login');
    expect(ROOT_REDIRECT).toEqual({ path: '/', to: '/login' });
  });

  it('guards each route for each level as the spec says', () => {
    for (const route of ROUTES) {
      for (const level of [0, 1, 2, 3]) {
        const expected = ALL_ROUTES[route.path].includes(level) ? 'allow' : 'dashboard';
        expect(decideRoute({ permission: level }, { screen: route.screen }), `${route.path} level ${level}`).toBe(expected);
      }
      expect(decideRoute(null, { screen: route.screen })).toBe('login');
    }
  });

  it('gives every route a title key', () => {
    for (const route of [...ROUTES, LOGIN_ROUTE]) expect(route.titleKey).toMatch(/^routes\./);
  });
});
