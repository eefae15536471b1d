import { ThunderboltOutlined } from '@ant-design/icons';
import type { TrackRobot } from '@railserve/protocol';
import { Alert, Button, Space, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { actionFailed } from '../../../lib/errors.ts';
import { useTrackCharging } from '../api/track-charging.ts';
import { useTrackRobots } from '../api/track-robots.ts';
import type { TrackCommands } from './command-panel.tsx';

const CONNECTION_COLORS: Record<string, string> = { online: 'green', offline: 'default', connecting: 'blue', error: 'red' };

type TrackRobotsTableProps = { trackId: number; commands: TrackCommands; disabled: boolean };

/** The robots on the track with their live state, and the commands for one robot of it. */
export function TrackRobotsTable({ trackId, commands, disabled }: TrackRobotsTableProps) {
  const { t } = useTranslation();
  const robots = useTrackRobots(trackId);
  const charging = useTrackCharging(trackId);
  const forRobot = (command: 'reset_alarm' | 'restart' | 'lid', sn: string, extra: Record<string, unknown> = {}) =>
    void commands.send({ command, args: { sn, ...extra } });

  const columns: TableColumnsType<TrackRobot> = [
    {
      title: t('tracks.robots.sn'),
      dataIndex: 'sn',
      render: (sn: string, robot) => (
        <>
          <Typography.Text strong>{robot.name ?? sn}</Typography.Text>
          {robot.name && robot.name !== sn ? <Typography.Text type="secondary"> {sn}</Typography.Text> : null}
        </>
      ),
    },
    {
      title: t('tracks.robots.connection'),
      dataIndex: 'connection',
      render: (c: TrackRobot['connection']) =>
        c ? <Tag color={CONNECTION_COLORS[c]}>{t(`tracks.connections.${c}`)}</Tag> : <Tag>{t('tracks.robots.unregistered')}</Tag>,
    },
    {
      title: t('tracks.robots.state'),
      dataIndex: 'state',
      // "Idle" alone would promise a robot the controller holds back until it has charged.
      render: (s: TrackRobot['state'], robot) => (
        <Space size={4}>
          {s ? t(`tracks.robotStates.${s}`) : '-'}
          {charging.includes(robot.sn) ? (
            <Tooltip title={t('tracks.robots.chargingHint')}>
              <Tag color="gold" icon={<ThunderboltOutlined />} data-testid={`robot-charging-${robot.sn}`}>
                {t('tracks.robots.charging')}
              </Tag>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    {
      title: t('tracks.robots.battery'),
      dataIndex: 'battery',
      render: (b: number | null) => (b === null ? '-' : `${Math.round(b)}%`),
    },
    { title: t('tracks.robots.point'), dataIndex: 'point', render: (p: number | null) => p ?? '-' },
    {
      title: t('tracks.robots.alarms'),
      dataIndex: 'alarms',
      render: (alarms: string[]) =>
        alarms.length ? <Tag color="red">{t('tracks.robots.alarmCount', { count: alarms.length })}</Tag> : '-',
    },
    {
      title: t('tracks.fields.actions'),
      key: 'actions',
      render: (_: unknown, robot) => (
        <Space size={0} wrap>
          <Button type="link" size="small" disabled={disabled} onClick={() => forRobot('reset_alarm', robot.sn)}>
            {t('tracks.commands.reset_alarm')}
          </Button>
          <Button type="link" size="small" disabled={disabled} onClick={() => forRobot('lid', robot.sn, { open: true })}>
            {t('tracks.control.openLid')}
          </Button>
          <Button type="link" size="small" disabled={disabled} onClick={() => forRobot('lid', robot.sn, { open: false })}>
            {t('tracks.control.closeLid')}
          </Button>
          <Button type="link" size="small" danger disabled={disabled} onClick={() => forRobot('restart', robot.sn)}>
            {t('tracks.commands.restart')}
          </Button>
        </Space>
      ),
    },
  ];

  if (robots.isError)
    return <Alert type="error" showIcon title={actionFailed(t, t('tracks.actions.loadRobots'), robots.error)} />;
  return (
    <Table<TrackRobot>
      rowKey="sn"
      size="small"
      columns={columns}
      dataSource={robots.data}
      loading={robots.isPending}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('tracks.noRobots') }}
      data-testid="track-robots"
    />
  );
}
