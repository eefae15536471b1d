import { Alert, Card, Col, Descriptions, Row, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrokerIndicator } from '../../../components/layout/broker-indicator.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useBrokerState } from '../../../lib/broker-context.tsx';
import { useClientConfig } from '../../../lib/client-config.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { roleLabelKey } from '../../../lib/labels.ts';
import { useRobots } from '../../robots/api/list-robots.ts';
import { useTracks } from '../../tracks/api/list-tracks.ts';
import { robotSummary, trackSummary } from '../hooks/fleet-summary.ts';
import { useSystemStatus } from '../hooks/system-status.ts';
import { AttentionRobots } from './attention-robots.tsx';
import { FleetStats } from './fleet-stats.tsx';
import { TrackStatusList } from './track-status-list.tsx';

const ALL_TRACKS = { page: 1, pageSize: 'all' } as const;

/**
 * The fleet at a glance, live: robots online, unhealthy robots (the protocol's health rule),
 * alarms, low batteries and tracks in error, then the robots and tracks that need someone.
 * Robot statuses and track statuses arrive over the broker into the same query cache the robots
 * and tracks screens use.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const serverIP = useBrokerState((s) => s.serverIP);
  const version = useClientConfig().data?.version;
  // Only the counts and the attention list: a status that changes none of them renders nothing.
  const robots = useRobots(robotSummary);
  const tracks = useTracks(ALL_TRACKS);
  const system = useSystemStatus();
  if (!user) return null;
  const summary = { ...(robots.data ?? robotSummary([])), ...trackSummary(tracks.data?.items ?? []) };
  const failures = [
    robots.isError ? actionFailed(t, t('robots.actions.load'), robots.error) : null,
    tracks.isError ? actionFailed(t, t('tracks.actions.load'), tracks.error) : null,
  ].filter((message): message is string => !!message);

  return (
    <>
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
                    online: system.data.robotsOnline,
                    total: system.data.robotsTotal,
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
      {failures.map((message) => (
        <Alert key={message} type="error" showIcon title={message} style={{ marginBottom: 16 }} />
      ))}
      <FleetStats summary={summary} loading={robots.isPending || tracks.isPending} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <AttentionRobots robots={summary.attention} total={summary.attentionTotal} loading={robots.isPending} />
        </Col>
        <Col xs={24} xl={10}>
          <TrackStatusList tracks={tracks.data?.items ?? []} loading={tracks.isPending} />
        </Col>
      </Row>
    </>
  );
}
