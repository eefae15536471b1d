import { Card, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrokerIndicator } from '../../../components/layout/broker-indicator.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useBrokerState } from '../../../lib/broker-context.tsx';
import { useClientConfig } from '../../../lib/client-config.ts';
import { roleLabelKey } from '../../../lib/labels.ts';

/** A welcome card; the dashboard's own contents come with later features. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const serverIP = useBrokerState((s) => s.serverIP);
  const version = useClientConfig().data?.version;
  if (!user) return null;
  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }} data-testid="page-title">
        {t('dashboard.welcome', { name: user.nickname || user.username })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('dashboard.intro')}</Typography.Paragraph>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'role', label: t('dashboard.role'), children: <Tag color="blue">{t(roleLabelKey(user.permission))}</Tag> },
          { key: 'broker', label: t('dashboard.broker'), children: <BrokerIndicator testId="dashboard-broker" /> },
          { key: 'server', label: t('dashboard.serverIP'), children: serverIP ?? '-' },
          { key: 'version', label: t('dashboard.version'), children: version ?? '-' },
        ]}
      />
    </Card>
  );
}
