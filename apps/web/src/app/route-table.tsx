import type { Screen } from '@railserve/protocol';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { reloadForStaleFile, staleFileLoaded } from './stale-build.ts';

export type MenuGroup = 'sessions' | 'tracks' | 'users' | 'system';

export type AppRoute = {
  path: string;
  /** Locale key of the page title (document.title, sidebar label). */
  titleKey: string;
  /** The permission-matrix screen that guards the route (protocol SCREEN_LEVELS). */
  screen: Screen;
  component: LazyExoticComponent<ComponentType>;
  /** Present when the route is a sidebar entry; `group` nests it under a group (icons: menu-icons.tsx). */
  menu?: { group?: MenuGroup };
};

/**
 * Loads a named export lazily, so pages keep named exports and still split into chunks. A chunk
 * that fails to load usually means a new version was deployed under an open page (stale-build.ts).
 */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => {
    try {
      const module = await load();
      staleFileLoaded('chunk');
      return { default: module[name] as ComponentType };
    } catch (error) {
      reloadForStaleFile('chunk');
      throw error;
    }
  });
}

const dashboard = lazyPage(() => import('./dashboard-route.tsx'), 'DashboardRoute');
const usersList = lazyPage(() => import('../features/users/components/users-page.tsx'), 'UsersPage');
const userForm = lazyPage(() => import('../features/users/components/user-form-page.tsx'), 'UserFormPage');
const robotsPage = lazyPage(() => import('../features/robots/components/robots-page.tsx'), 'RobotsPage');
const alarmsPage = lazyPage(() => import('./alarms-route.tsx'), 'AlarmsRoute');
const alarmSettingsPage = lazyPage(
  () => import('../features/alarm-settings/components/alarm-settings-page.tsx'),
  'AlarmSettingsPage',
);
const auditPage = lazyPage(() => import('../features/audit/components/audit-page.tsx'), 'AuditPage');
const analyticsPage = lazyPage(() => import('../features/analytics/components/analytics-page.tsx'), 'AnalyticsPage');
const logsPage = lazyPage(() => import('../features/logs/components/logs-page.tsx'), 'LogsPage');
const sessionsList = lazyPage(() => import('../features/sessions/components/sessions-page.tsx'), 'SessionsPage');
const sessionForm = lazyPage(() => import('../features/sessions/components/session-form-page.tsx'), 'SessionFormPage');
const tracksList = lazyPage(() => import('../features/tracks/components/tracks-page.tsx'), 'TracksPage');
const trackForm = lazyPage(() => import('./track-form-route.tsx'), 'TrackFormRoute');
const trackMap = lazyPage(() => import('./track-map-route.tsx'), 'TrackMapRoute');
const systemUpdates = lazyPage(() => import('../features/updates/components/system-updates-page.tsx'), 'SystemUpdatesPage');
const trackControl = lazyPage(() => import('../features/tracks/components/track-control-page.tsx'), 'TrackControlPage');

export const MENU_GROUPS: Record<MenuGroup, { titleKey: string }> = {
  sessions: { titleKey: 'routes.sessions.group' },
  tracks: { titleKey: 'routes.tracks.group' },
  users: { titleKey: 'routes.users.group' },
  system: { titleKey: 'routes.system.group' },
};

/**
 * The one route table: the router, the sidebar (in this order), page titles and the guards are
 * all derived from it.
 */
export const ROUTES: AppRoute[] = [
  {
    path: '/dashboard',
    titleKey: 'routes.dashboard',
    screen: 'dashboard',
    component: dashboard,
    menu: {},
  },
  {
    path: '/sessions',
    titleKey: 'routes.sessions.list',
    screen: 'sessions.list',
    component: sessionsList,
    menu: { group: 'sessions' },
  },
  {
    path: '/sessions/create',
    titleKey: 'routes.sessions.create',
    screen: 'sessions.create',
    component: sessionForm,
    menu: { group: 'sessions' },
  },
  { path: '/sessions/:id/edit', titleKey: 'routes.sessions.edit', screen: 'sessions.edit', component: sessionForm },
  { path: '/sessions/:id/info', titleKey: 'routes.sessions.info', screen: 'sessions.info', component: sessionForm },
  { path: '/tracks', titleKey: 'routes.tracks.list', screen: 'tracks.list', component: tracksList, menu: { group: 'tracks' } },
  {
    path: '/tracks/create',
    titleKey: 'routes.tracks.create',
    screen: 'tracks.create',
    component: trackForm,
    menu: { group: 'tracks' },
  },
  { path: '/tracks/:id/edit', titleKey: 'routes.tracks.edit', screen: 'tracks.edit', component: trackForm },
  { path: '/tracks/:id/info', titleKey: 'routes.tracks.info', screen: 'tracks.info', component: trackForm },
  { path: '/tracks/:id/map/edit', titleKey: 'routes.tracks.mapEdit', screen: 'tracks.edit', component: trackMap },
  { path: '/tracks/:id/map/info', titleKey: 'routes.tracks.mapInfo', screen: 'tracks.info', component: trackMap },
  { path: '/tracks/:id/control', titleKey: 'routes.tracks.control', screen: 'tracks.control', component: trackControl },
  { path: '/robots', titleKey: 'routes.robots', screen: 'robots', component: robotsPage, menu: {} },
  { path: '/alarms', titleKey: 'routes.alarms', screen: 'alarms', component: alarmsPage, menu: {} },
  { path: '/users', titleKey: 'routes.users.list', screen: 'users.list', component: usersList, menu: { group: 'users' } },
  {
    path: '/users/create',
    titleKey: 'routes.users.create',
    screen: 'users.create',
    component: userForm,
    menu: { group: 'users' },
  },
  { path: '/users/:id/edit', titleKey: 'routes.users.edit', screen: 'users.edit', component: userForm },
  { path: '/users/:id/info', titleKey: 'routes.users.info', screen: 'users.info', component: userForm },
  { path: '/logs', titleKey: 'routes.logs', screen: 'logs', component: logsPage, menu: {} },
  { path: '/analytics', titleKey: 'routes.analytics', screen: 'analytics', component: analyticsPage, menu: {} },
  {
    path: '/system-updates',
    titleKey: 'routes.system.updates',
    screen: 'system-updates',
    component: systemUpdates,
    menu: { group: 'system' },
  },
  { path: '/audit', titleKey: 'routes.system.audit', screen: 'audit', component: auditPage, menu: { group: 'system' } },
  {
    path: '/alarm-settings',
    titleKey: 'routes.alarmSettings',
    screen: 'alarms.settings',
    component: alarmSettingsPage,
    menu: { group: 'system' },
  },
];

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/dashboard';

/** Public routes: `/` sends everyone to /login, which sends a signed-in user on to the dashboard. */
export const LOGIN_ROUTE = {
  path: LOGIN_PATH,
  titleKey: 'routes.login',
  component: lazyPage(() => import('../features/auth/components/login-page.tsx'), 'LoginPage'),
};
export const ROOT_REDIRECT = { path: '/', to: LOGIN_PATH };
