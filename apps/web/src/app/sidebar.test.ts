import { describe, expect, it } from 'vitest';
import type { SidebarItem } from '../components/layout/app-sidebar.tsx';
import { sidebarItems } from './sidebar.ts';

/** The sidebar as keys: a plain entry is its path, a group is `[group, [paths]]`. */
function shape(items: SidebarItem[]): unknown[] {
  return items.map((item) => (item.children ? [item.key, item.children.map((c) => c.key)] : item.key));
}

describe('sidebarItems', () => {
  it('levels 0 and 1 see the spec order: dashboard; sessions; tracks; robots; alarms; users; logs; analytics; system', () => {
    const full = [
      '/dashboard',
      ['group:sessions', ['/sessions', '/sessions/create']],
      ['group:tracks', ['/tracks', '/tracks/create']],
      '/robots',
      '/alarms',
      ['group:users', ['/users', '/users/create']],
      '/logs',
      '/analytics',
      ['group:system', ['/system-updates', '/audit', '/alarm-settings']],
    ];
    expect(shape(sidebarItems({ permission: 0 }))).toEqual(full);
    expect(shape(sidebarItems({ permission: 1 }))).toEqual(full);
  });

  it('level 2 has no create entries and no audit', () => {
    expect(shape(sidebarItems({ permission: 2 }))).toEqual([
      '/dashboard',
      ['group:sessions', ['/sessions']],
      ['group:tracks', ['/tracks']],
      '/robots',
      '/alarms',
      ['group:users', ['/users']],
      '/logs',
      '/analytics',
      ['group:system', ['/system-updates']],
    ]);
  });

  it('level 3 sees only what it can open; empty groups disappear', () => {
    expect(shape(sidebarItems({ permission: 3 }))).toEqual([
      '/dashboard',
      ['group:sessions', ['/sessions']],
      ['group:tracks', ['/tracks']],
      '/robots',
      '/alarms',
    ]);
  });

  it('nobody signed in: no entries', () => {
    expect(sidebarItems(null)).toEqual([]);
  });
});
