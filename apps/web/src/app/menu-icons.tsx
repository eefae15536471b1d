import {
  AlertOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  DashboardOutlined,
  FileTextOutlined,
  NodeIndexOutlined,
  RobotOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MenuGroup } from './route-table.tsx';

// Apart from the route table, which the sign-in screen loads too: the icons load with the sidebar.

/** The sidebar's icon of a top-level entry, by its route path. */
export const ROUTE_ICONS: Readonly<Record<string, ReactNode>> = {
  '/dashboard': <DashboardOutlined />,
  '/robots': <RobotOutlined />,
  '/alarms': <AlertOutlined />,
  '/logs': <FileTextOutlined />,
  '/analytics': <BarChartOutlined />,
};

/** The sidebar's icon of each group. */
export const GROUP_ICONS: Readonly<Record<MenuGroup, ReactNode>> = {
  sessions: <AppstoreOutlined />,
  tracks: <NodeIndexOutlined />,
  users: <TeamOutlined />,
  system: <SettingOutlined />,
};
