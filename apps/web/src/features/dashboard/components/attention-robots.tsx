import type { Robot } from '@railserve/protocol';
import { Card, Empty, Table, type TableColumnsType, Typography } from 'antd';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { liveCell } from '../../robots/components/live-cell.tsx';
import { AlarmTags, BatteryLevel, ConnectionTag, HealthTag } from '../../robots/components/robot-tags.tsx';
import type { AttentionRobot } from '../hooks/fleet-summary.ts';

/** The robots that are not healthy, the worst first, with a way to the robot list filtered on the worst health. */
export const AttentionRobots = memo(function AttentionRobots({
  robots,
  total,
  loading,
}: {
  robots: readonly AttentionRobot[];
  total: number;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const more = total - robots.length;
  return (
    <Card
      size="small"
      title={t('dashboard.attention.title')}
      extra={
        <Link to={robots.length ? `/robots?health=${robots[0].health}` : '/robots'}>{t('dashboard.attention.viewAll')}</Link>
      }
      data-testid="dashboard-attention"
    >
      {!loading && total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.attention.empty')} />
      ) : (
        <AttentionTable robots={robots} loading={loading} />
      )}
      {more > 0 ? (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          {t('dashboard.attention.more', { count: more })}
        </Typography.Text>
      ) : null}
    </Card>
  );
});

/**
 * The listed robots: renders when robots join or leave the list or change places on it, not when
 * only the count of the others does; a listed robot's battery, alarms or connection renders
 * only its own cells.
 */
const AttentionTable = memo(function AttentionTable({
  robots,
  loading,
}: {
  robots: readonly AttentionRobot[];
  loading: boolean;
}) {
  const { t } = useTranslation();
  const columns = useMemo<TableColumnsType<AttentionRobot>>(
    () => [
      {
        title: t('robots.fields.sn'),
        dataIndex: 'sn',
        render: liveCell(
          ({ sn, name }) => (
            <Link to={`/robots?q=${encodeURIComponent(sn)}`}>
              <Typography.Text strong>{name}</Typography.Text>
              {name !== sn ? <Typography.Text type="secondary"> ({sn})</Typography.Text> : null}
            </Link>
          ),
          ['sn', 'name'],
        ),
      },
      {
        title: t('robots.fields.health'),
        dataIndex: 'health',
        render: (health: Robot['health']) => <HealthTag health={health} />,
      },
      {
        title: t('robots.fields.connection'),
        key: 'connection',
        render: liveCell((robot) => <ConnectionTag connection={robot.connection} />, ['connection']),
      },
      {
        title: t('robots.fields.alarms'),
        key: 'alarms',
        render: liveCell((robot) => <AlarmTags alarms={robot.alarms} />, ['alarms']),
      },
      {
        title: t('robots.fields.battery'),
        key: 'battery',
        responsive: ['md'],
        render: liveCell((robot) => <BatteryLevel battery={robot.battery} />, ['battery']),
      },
    ],
    [t],
  );
  return (
    <Table<AttentionRobot>
      rowKey="sn"
      size="small"
      columns={columns}
      dataSource={robots}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      onRow={attentionRow}
    />
  );
});

const attentionRow = (robot: AttentionRobot) => ({ 'data-testid': `dashboard-attention-${robot.sn}` }) as object;
