import { LAYOUT, type User } from '@railserve/protocol';
import { Layout } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { AppSidebar, type SidebarItem } from './app-sidebar.tsx';

type MainLayoutProps = {
  user: User;
  sidebarItems: SidebarItem[];
  version?: string;
  onLogout: () => void;
  /** Shown in the header before the broker indicator; `narrow` says whether the screen is narrow. */
  headerStatus?: (narrow: boolean) => ReactNode;
  children: ReactNode;
};

/**
 * Header, collapsible sidebar, content and footer. At 768 px or less the sidebar collapses by
 * itself and, when opened, lies over the content instead of squeezing it.
 */
export function MainLayout({ user, sidebarItems, version, onLogout, headerStatus, children }: MainLayoutProps) {
  const narrow = useMediaQuery(`(max-width: ${LAYOUT.mobileBreakpoint}px)`);
  const [collapsed, setCollapsed] = useState(narrow);
  useEffect(() => setCollapsed(narrow), [narrow]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppSidebar
        items={sidebarItems}
        collapsed={collapsed}
        overlay={narrow}
        onNavigate={narrow ? () => setCollapsed(true) : undefined}
      />
      {narrow && !collapsed ? (
        <div
          aria-hidden
          onClick={() => setCollapsed(true)}
          style={{ position: 'fixed', inset: 0, background: 'rgba(0, 0, 0, 0.35)', zIndex: 99 }}
        />
      ) : null}
      <Layout style={{ marginInlineStart: narrow ? LAYOUT.siderCollapsedWidth : 0, minWidth: 0 }}>
        <AppHeader
          user={user}
          collapsed={collapsed}
          narrow={narrow}
          onToggleSidebar={() => setCollapsed((c) => !c)}
          onLogout={onLogout}
          status={headerStatus?.(narrow)}
        />
        <Layout.Content style={{ padding: narrow ? 8 : 24, minWidth: 0 }}>{children}</Layout.Content>
        <AppFooter version={version} />
      </Layout>
    </Layout>
  );
}
