import type { SidebarItem } from '../components/layout/app-sidebar.tsx';
import { type AccessSubject, showsInSidebar } from '../lib/access.ts';
import { GROUP_ICONS, ROUTE_ICONS } from './menu-icons.tsx';
import { type AppRoute, MENU_GROUPS, type MenuGroup, ROUTES } from './route-table.tsx';

/**
 * The sidebar for a user, from the route table: entries in table order, grouped, without what
 * the level cannot open or what protocol SIDEBAR_HIDDEN hides for it; empty groups disappear.
 */
export function sidebarItems(user: AccessSubject, routes: readonly AppRoute[] = ROUTES): SidebarItem[] {
  const items: SidebarItem[] = [];
  const groups = new Map<MenuGroup, SidebarItem & { children: SidebarItem[] }>();
  for (const route of routes) {
    if (!route.menu || !showsInSidebar(user, route.screen)) continue;
    const item: SidebarItem = { key: route.path, titleKey: route.titleKey, icon: ROUTE_ICONS[route.path] };
    const groupName = route.menu.group;
    if (!groupName) {
      items.push(item);
      continue;
    }
    let group = groups.get(groupName);
    if (!group) {
      group = {
        key: `group:${groupName}`,
        titleKey: MENU_GROUPS[groupName].titleKey,
        icon: GROUP_ICONS[groupName],
        children: [],
      };
      groups.set(groupName, group);
      items.push(group);
    }
    group.children.push(item);
  }
  return items;
}
