import { describe, expect, it } from 'vitest';
import { type SidebarItem, selectedSidebarKey } from './app-sidebar.tsx';

const items: SidebarItem[] = [
  { key: '/dashboard', titleKey: 'x' },
  {
    key: 'group:users',
    titleKey: 'x',
    children: [
      { key: '/users', titleKey: 'x' },
      { key: '/users/create', titleKey: 'x' },
    ],
  },
];

describe('selectedSidebarKey', () => {
  it('selects the exact entry, else the entry the page lies under', () => {
    expect(selectedSidebarKey(items, '/dashboard')).toBe('/dashboard');
    expect(selectedSidebarKey(items, '/users/create')).toBe('/users/create');
    expect(selectedSidebarKey(items, '/users/12/edit')).toBe('/users');
    expect(selectedSidebarKey(items, '/robots')).toBeUndefined();
  });
});
