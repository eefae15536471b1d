import { LAYOUT, type Robot } from '@railserve/protocol';
import { Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/labels.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { HEALTH_RANK } from '../hooks/robot-filters.ts';
import { useTableHeight } from '../hooks/use-table-height.ts';
import { RobotRowActions, type RobotRowHandlers } from './robot-row-actions.tsx';
import { AlarmTags, BatteryLevel, ConnectionTag, HealthTag, StateTag } from './robot-tags.tsx';

type RobotsTableProps = RobotRowHandlers & { robots: Robot[]; loading: boolean };

const byText = (key: 'sn' | 'name' | 'lastTrackName' | 'state' | 'connection') => (a: Robot, b: Robot) =>
  (a[key] ?? '').localeCompare(b[key] ?? '');
const byTime = (key: 'lastUpdate' | 'registeredAt') => (a: Robot, b: Robot) => Date.parse(a[key]) - Date.parse(b[key]);

/**
 * The live fleet: a virtual table (only the visible rows are rendered), so 2,000 robots updating
 * every second stay smooth. Sorting is local; the row follows its robot's live status.
 */
export function RobotsTable({ robots, loading, ...handlers }: RobotsTableProps) {
  const { t, i18n } = useTranslation();
  // On a phone, fixed columns would cover the whole width: the table scrolls sideways as one.
  const narrow = useMediaQuery(`(max-width: ${LAYOUT.mobileBreakpoint}px)`);
  const height = useTableHeight(narrow ? 420 : 330);
  const columns: TableColumnsType<Robot> = [
    {
      title: t('robots.fields.sn'),
      dataIndex: 'sn',
      width: 150,
      fixed: narrow ? undefined : 'left',
      sorter: byText('sn'),
      defaultSortOrder: 'ascend',
    },
    {
      title: t('robots.fields.name'),
      dataIndex: 'name',
      width: 170,
      sorter: byText('name'),
      render: (name: string) => <Typography.Text ellipsis={{ tooltip: name }}>{name}</Typography.Text>,
    },
    {
      title: t('robots.fields.lastTrackName'),
      dataIndex: 'lastTrackName',
      width: 140,
      sorter: byText('lastTrackName'),
      render: (v) => v || '-',
    },
    {
      title: t('robots.fields.connection'),
      dataIndex: 'connection',
      width: 110,
      sorter: byText('connection'),
      render: (v: Robot['connection']) => <ConnectionTag connection={v} />,
    },
    {
      title: t('robots.fields.battery'),
      dataIndex: 'battery',
      width: 140,
      sorter: (a, b) => a.battery - b.battery,
      render: (v: number) => <BatteryLevel battery={v} />,
    },
    {
      title: t('robots.fields.state'),
      dataIndex: 'state',
      width: 130,
      sorter: byText('state'),
      render: (v: Robot['state']) => <StateTag state={v} />,
    },
    {
      title: t('robots.fields.health'),
      dataIndex: 'health',
      width: 100,
      sorter: (a, b) => HEALTH_RANK[a.health] - HEALTH_RANK[b.health],
      render: (v: Robot['health']) => <HealthTag health={v} />,
    },
    {
      title: t('robots.fields.alarms'),
      dataIndex: 'alarms',
      width: 230,
      sorter: (a, b) => a.alarms.length - b.alarms.length,
      render: (v: Robot['alarms']) => <AlarmTags alarms={v} />,
    },
    {
      title: t('robots.fields.lastUpdate'),
      dataIndex: 'lastUpdate',
      width: 170,
      sorter: byTime('lastUpdate'),
      render: (v: string) => formatDateTime(v, i18n.language),
    },
    {
      title: t('robots.fields.registeredAt'),
      dataIndex: 'registeredAt',
      width: 170,
      sorter: byTime('registeredAt'),
      render: (v: string) => formatDateTime(v, i18n.language),
    },
    {
      title: t('robots.fields.actions'),
      key: 'actions',
      width: 130,
      fixed: narrow ? undefined : 'right',
      render: (_: unknown, robot) => <RobotRowActions robot={robot} {...handlers} />,
    },
  ];
  const width = columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0);

  return (
    <Table<Robot>
      virtual
      rowKey="sn"
      size="small"
      columns={columns}
      dataSource={robots}
      loading={loading}
      pagination={false}
      scroll={{ x: width, y: height }}
      locale={{ emptyText: t('robots.empty') }}
      data-testid="robots-table"
      onRow={(robot) => ({ 'data-testid': `robot-row-${robot.sn}` }) as React.HTMLAttributes<HTMLElement>}
    />
  );
}
