import { SCREEN_LEVELS, type Screen } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { decideRoute, deniedState, levelsText, mayDo, mayOpen, readDenial, screenLevels, showsInSidebar } from './access.ts';

const ALL = [0, 1, 2, 3];
/** Spec section 6, written out by hand: which levels open each screen. */
const SPEC: Record<Screen, number[]> = {
  dashboard: ALL,
  'sessions.list': ALL,
  'sessions.info': ALL,
  'sessions.create': [0, 1, 2],
  'sessions.edit': [0, 1, 2],
  'tracks.list': ALL,
  'tracks.info': ALL,
  'tracks.create': [0, 1, 2],
  'tracks.edit': [0, 1, 2],
  'tracks.control': [0, 1],
  robots: ALL,
  /** Issue 29: every level sees the alarm center; what each may do there is in the action matrix. */
  alarms: ALL,
  /** Issue 29: severity overrides, downtime codes, escalation times and webhooks, levels 0-1. */
  'alarms.settings': [0, 1],
  'users.list': [0, 1, 2],
  'users.info': [0, 1],
  'users.create': [0, 1],
  'users.edit': [0, 1],
  logs: [0, 1, 2],
  'system-updates': [0, 1, 2],
  audit: [0, 1],
  /** Issue 30: levels 0-2; level 3 sees today's summary on the dashboard only. */
  analytics: [0, 1, 2],
};

describe('decideRoute', () => {
  it('covers every screen of the matrix', () => {
    expect(Object.keys(SPEC).sort()).toEqual(Object.keys(SCREEN_LEVELS).sort());
  });

  for (const level of ALL) {
    for (const [screen, levels] of Object.entries(SPEC) as [Screen, number[]][]) {
      const expected = levels.includes(level) ? 'allow' : 'dashboard';
      it(`level ${level} at ${screen}: ${expected}`, () => {
        expect(decideRoute({ permission: level }, { screen })).toBe(expected);
        expect(mayOpen({ permission: level }, screen)).toBe(expected === 'allow');
      });
    }
  }

  it('sends a visitor without a user to login, and lets anyone open a public route', () => {
    for (const screen of Object.keys(SPEC) as Screen[]) {
      expect(decideRoute(null, { screen })).toBe('login');
      expect(decideRoute(undefined, { screen })).toBe('login');
    }
    expect(decideRoute(null, { public: true })).toBe('allow');
    expect(decideRoute({ permission: 3 }, { public: true })).toBe('allow');
  });

  it('an unknown level opens nothing', () => {
    expect(decideRoute({ permission: 7 }, { screen: 'dashboard' })).toBe('dashboard');
  });
});

describe('showsInSidebar', () => {
  it('level 2 does not see the create entries nor audit, although it may open session and track create', () => {
    const level2 = { permission: 2 };
    for (const screen of ['sessions.create', 'tracks.create', 'users.create', 'audit'] as Screen[]) {
      expect(showsInSidebar(level2, screen)).toBe(false);
    }
    expect(mayOpen(level2, 'sessions.create')).toBe(true);
    expect(mayOpen(level2, 'tracks.create')).toBe(true);
    for (const screen of [
      'dashboard',
      'sessions.list',
      'tracks.list',
      'robots',
      'users.list',
      'logs',
      'system-updates',
    ] as Screen[]) {
      expect(showsInSidebar(level2, screen)).toBe(true);
    }
  });

  it('levels 0 and 1 see every entry; level 3 only what it can open', () => {
    for (const screen of Object.keys(SPEC) as Screen[]) {
      expect(showsInSidebar({ permission: 0 }, screen)).toBe(true);
      expect(showsInSidebar({ permission: 1 }, screen)).toBe(true);
      expect(showsInSidebar({ permission: 3 }, screen)).toBe(SPEC[screen].includes(3));
    }
    expect(showsInSidebar(null, 'dashboard')).toBe(false);
  });
});

describe('mayDo', () => {
  it('follows the action matrix and refuses without a user', () => {
    expect(mayDo({ permission: 1 }, 'users.write')).toBe(true);
    expect(mayDo({ permission: 2 }, 'users.write')).toBe(false);
    expect(mayDo({ permission: 2 }, 'users.view')).toBe(true);
    expect(mayDo(null, 'dashboard.view')).toBe(false);
  });
});

describe('denials', () => {
  it('reads the denial a guard left in the router state, and nothing else', () => {
    const denial = { screen: 'audit' as const, titleKey: 'routes.system.audit' };
    expect(readDenial(deniedState(denial))).toEqual(denial);
    expect(readDenial(null)).toBeNull();
    expect(readDenial({ from: '/robots' })).toBeNull();
    expect(readDenial({ denied: { screen: 'nowhere', titleKey: 'routes.logs' } })).toBeNull();
    expect(readDenial({ denied: { screen: 'logs', titleKey: 'errors.not_found' } })).toBeNull();
    expect(readDenial({ denied: { screen: 'toString', titleKey: 'routes.logs' } })).toBeNull();
  });

  it('says which levels open a screen', () => {
    expect(levelsText(screenLevels('audit'))).toBe('0–1');
    expect(levelsText(screenLevels('logs'))).toBe('0–2');
    expect(levelsText(screenLevels('robots'))).toBe('0–3');
    expect(levelsText([0])).toBe('0');
    expect(levelsText([2, 0])).toBe('0, 2');
    expect(levelsText([])).toBe('');
  });
});
