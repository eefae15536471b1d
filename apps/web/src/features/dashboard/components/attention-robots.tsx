import type { Robot } from '@railserve/protocol';
import { Card, Empty, Space, Spin, Typography } from 'antd';
import { type ComponentType, memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlarmTags, BatteryLevel, ConnectionTag, HealthTag } from '../../../components/ui/robot-tags.tsx';
import type { AttentionRobot } from '../model/fleet-summary.ts';
import { CardRow, CardRows } from './card-rows.tsx';

/**
 * One robot's part of a row that follows that robot's live changes by itself, rendering again
 * only when one of `fields` changes (the robots feature's LiveCell, given by app/dashboard-route.tsx).
 */
export type RobotCell = ComponentType<{ sn: string; show: (robot: Robot) => ReactNode; fields?: readonly (keyof Robot)[] }>;

/** The robots that are not healthy, the worst first, with a way to the robot list filtered on the worst health. */
export const AttentionRobots = memo(function AttentionRobots({
  robots,
  total,
  loading,
  cell,
  alarmsHref,
}: {
  robots: readonly AttentionRobot[];
  total: number;
  loading: boolean;
  cell: RobotCell;
  /** Where a robot's alarms open (the alarm center, given by app/dashboard-route.tsx). */
  alarmsHref?: (sn: string) => string;
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
      <Spin spinning={loading}>
        {!loading && total === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.attention.empty')} />
        ) : (
          <CardRows>
            {robots.map((robot, index) => (
              <AttentionRow
                key={robot.sn}
                sn={robot.sn}
                health={robot.health}
                first={index === 0}
                cell={cell}
                alarmsHref={alarmsHref}
              />
            ))}
          </CardRows>
        )}
      </Spin>
      {more > 0 ? (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          {t('dashboard.attention.more', { count: more })}
        </Typography.Text>
      ) : null}
    </Card>
  );
});

const nameOf = ({ sn, name }: Robot) => (
  <Link to={`/robots?q=${encodeURIComponent(sn)}`}>
    <Typography.Text strong>{name}</Typography.Text>
    {name !== sn ? <Typography.Text type="secondary"> ({sn})</Typography.Text> : null}
  </Link>
);
const connectionOf = (robot: Robot) => <ConnectionTag connection={robot.connection} />;
const alarmsOf = (robot: Robot) => <AlarmTags alarms={robot.alarms} />;
const batteryOf = (robot: Robot) => (
  <span style={{ display: 'inline-block', width: 110 }}>
    <BatteryLevel battery={robot.battery} />
  </span>
);

/**
 * One listed robot. The list renders only the rows that join it, leave it or change health (what
 * places a robot on it); a listed robot's name, connection, alarms or battery renders only that
 * part of its own row.
 */
const AttentionRow = memo(function AttentionRow({
  sn,
  health,
  first,
  cell: LiveCell,
  alarmsHref,
}: AttentionRobot & { first: boolean; cell: RobotCell; alarmsHref?: (sn: string) => string }) {
  return (
    <CardRow testId={`dashboard-attention-${sn}`} first={first}>
      <span style={{ minWidth: 0 }}>
        <LiveCell sn={sn} show={nameOf} fields={NAME} />
      </span>
      <Space size={4} wrap align="center" style={{ justifyContent: 'flex-end' }}>
        <HealthTag health={health} />
        <LiveCell sn={sn} show={connectionOf} fields={CONNECTION} />
        {alarmsHref ? (
          <Link to={alarmsHref(sn)} data-testid={`dashboard-attention-alarms-${sn}`}>
            <LiveCell sn={sn} show={alarmsOf} fields={ALARMS} />
          </Link>
        ) : (
          <LiveCell sn={sn} show={alarmsOf} fields={ALARMS} />
        )}
        <LiveCell sn={sn} show={batteryOf} fields={BATTERY} />
      </Space>
    </CardRow>
  );
});

const NAME = ['sn', 'name'] as const;
const CONNECTION = ['connection'] as const;
const ALARMS = ['alarms'] as const;
const BATTERY = ['battery'] as const;
