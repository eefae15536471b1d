import { Card, Descriptions, Tag, Tooltip, Typography } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { BrokerIndicator } from '../../../components/layout/broker-indicator.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useBrokerState } from '../../../lib/broker/broker-context.tsx';
import { useClientConfig } from '../../../lib/client-config.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { roleLabelKey } from '../../../lib/labels.ts';
import { useSystemStatus } from '../api/system-status.ts';

/**
 * The dashboard's first card: who is signed in, the broker connection, the server's address,
 * version and status. Of the fleet it shows only the robots online, the same figure as the
 * tile (`robotsOnline`, given by the page), so only that figure changing renders it.
 */
export const DashboardWelcome = memo(function DashboardWelcome({ online, total }: { online: number; total: number }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const serverIP = useBrokerState((s) => s.serverIP);
  const version = useClientConfig().data?.version;
  const system = useSystemStatus();
  if (!user) return null;
  return (
    <Card style={{ marginBottom: 16 }}>
      <PageHeading>{t('dashboard.welcome', { name: user.nickname || user.username })}</PageHeading>
      <Descriptions
        column={{ xs: 1, sm: 2, xl: 3 }}
        size="small"
        items={[
          { key: 'role', label: t('dashboard.role'), children: <Tag color="blue">{t(roleLabelKey(user.permission))}</Tag> },
          { key: 'broker', label: t('dashboard.broker'), children: <BrokerIndicator testId="dashboard-broker" /> },
          {
            key: 'server',
            label: (
              <Tooltip title={t('dashboard.serverIPHint')}>
                <span>{t('dashboard.serverIP')}</span>
              </Tooltip>
            ),
            children: serverIP ?? '-',
          },
          { key: 'version', label: t('dashboard.version'), children: version ?? '-' },
          {
            key: 'system',
            label: t('dashboard.system.title'),
            children: system ? (
              <span data-testid="dashboard-system-status">
                {t('dashboard.system.summary', {
                  online,
                  total,
                  broker: t(`dashboard.system.brokers.${system.data.broker}`),
                })}
                <Typography.Text type="secondary">
                  {' · '}
                  {t('dashboard.system.since', { time: formatDateTime(system.data.startedAt) })}
                </Typography.Text>
              </span>
            ) : (
              <Typography.Text type="secondary">{t('dashboard.system.waiting')}</Typography.Text>
            ),
          },
        ]}
      />
    </Card>
  );
});
