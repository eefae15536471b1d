import { LAYOUT } from '@railserve/protocol';
import { Layout, Menu, type MenuProps } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

export type SidebarItem = { key: string; titleKey: string; icon?: ReactNode; children?: SidebarItem[] };

/** The entry for a path: an exact match, else the longest entry the path lies under (/users/3/edit → /users). */
export function selectedSidebarKey(items: readonly SidebarItem[], pathname: string): string | undefined {
  const keys = items.flatMap((item) => (item.children ? item.children.map((c) => c.key) : [item.key]));
  if (keys.includes(pathname)) return pathname;
  return keys.filter((key) => pathname.startsWith(`${key}/`)).sort((a, b) => b.length - a.length)[0];
}

function groupOf(items: readonly SidebarItem[], key: string | undefined): string | undefined {
  return items.find((item) => item.children?.some((c) => c.key === key))?.key;
}

type AppSidebarProps = { items: SidebarItem[]; collapsed: boolean; overlay: boolean; onNavigate?: () => void };

export function AppSidebar({ items, collapsed, overlay, onNavigate }: AppSidebarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = selectedSidebarKey(items, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(() => [groupOf(items, selected)].filter((k): k is string => !!k));

  useEffect(() => {
    const group = groupOf(items, selected);
    if (group) setOpenKeys((keys) => (keys.includes(group) ? keys : [...keys, group]));
  }, [items, selected]);

  const toMenu = (item: SidebarItem): NonNullable<MenuProps['items']>[number] => ({
    key: item.key,
    icon: item.icon,
    label: t(item.titleKey),
    children: item.children?.map(toMenu),
  });

  return (
    <Layout.Sider
      width={LAYOUT.siderWidth}
      collapsedWidth={LAYOUT.siderCollapsedWidth}
      collapsed={collapsed}
      trigger={null}
      collapsible
      data-testid="sidebar"
      style={{
        position: overlay ? 'fixed' : 'sticky',
        insetInlineStart: 0,
        top: 0,
        height: '100vh',
        overflow: 'auto',
        zIndex: overlay ? 100 : undefined,
      }}
    >
      <div
        style={{
          height: 64,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: '#fff',
          fontWeight: 600,
          fontSize: collapsed ? 16 : 20,
          letterSpacing: 0.5,
        }}
      >
        {collapsed ? 'RS' : t('common.appShortTitle')}
      </div>
      <Menu
        theme="dark"
        mode="inline"
        items={items.map(toMenu)}
        selectedKeys={selected ? [selected] : []}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        onClick={({ key }) => {
          navigate(key);
          onNavigate?.();
        }}
      />
    </Layout.Sider>
  );
}
