import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { User } from '@railserve/protocol';
import { Button, Layout, Space, Tooltip, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../ui/language-select.tsx';
import { BrokerIndicator } from './broker-indicator.tsx';
import { UserBadge } from './user-badge.tsx';

type AppHeaderProps = {
  user: User;
  collapsed: boolean;
  narrow: boolean;
  onToggleSidebar: () => void;
  onLogout: () => void;
  /** Composed by the app: the live alarm count (features/alarms). */
  status?: ReactNode;
};

export function AppHeader({ user, collapsed, narrow, onToggleSidebar, onLogout, status }: AppHeaderProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: narrow ? 4 : 12,
        padding: narrow ? '0 8px' : '0 16px',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Button
        type="text"
        aria-label={t(collapsed ? 'layout.expandSidebar' : 'layout.collapseSidebar')}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggleSidebar}
      />
      {/* The product name, not a heading: each page's own title is its one h1 (PageHeading). */}
      <Typography.Text
        strong
        ellipsis
        style={{ margin: 0, flex: 1, minWidth: 0, fontSize: narrow ? token.fontSizeHeading5 : token.fontSizeHeading4 }}
        data-testid="app-title"
      >
        {narrow ? t('common.appShortTitle') : t('common.appTitle')}
      </Typography.Text>
      <Space size={narrow ? 6 : 16} align="center">
        {status}
        <BrokerIndicator compact={narrow} />
        <LanguageSelect compact={narrow} />
        <UserBadge user={user} compact={narrow} />
        <Tooltip title={narrow ? t('auth.logout') : undefined}>
          <Button icon={<LogoutOutlined />} onClick={onLogout} aria-label={t('auth.logout')} data-testid="logout-button">
            {narrow ? null : t('auth.logout')}
          </Button>
        </Tooltip>
      </Space>
    </Layout.Header>
  );
}
