import { compareSn, LAYOUT, type Robot } from '@railserve/protocol';
import { Table, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type PickableColumn, tableWidth, useColumnPicker } from '../../../components/ui/column-picker.tsx';
import { formatDateTime, formatRelativeTime, useNow } from '../../../lib/date-time.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { HEALTH_RANK } from '../hooks/robot-filters.ts';
import { lastHeard } from '../hooks/robot-heard.ts';
import { useTableHeight } from '../hooks/use-table-height.ts';
import { RobotRowActions, type RobotRowHandlers } from './robot-row-actions.tsx';
import { AlarmTags, BatteryLevel, ConnectionTag, HealthTag, StateTag } from './robot-tags.tsx';

type RobotsTableProps = RobotRowHandlers & { robots: Robot[]; loading: boolean };

// One collator for every text sort: a fleet of thousands is sorted on each live render.
const collator = new Intl.Collator();
const byText = (key: 'name' | 'lastTrackName' | 'state' | 'connection') => (a: Robot, b: Robot) =>
  collator.compare(a[key] ?? '', b[key] ?? '');
const bySn = (a: Robot, b: Robot) => compareSn(a.sn, b.sn);
const byRegistration = (a: Robot, b: Robot) => Date.parse(a.registeredAt) - Date.parse(b.registeredAt);
const byLastHeard = (a: Robot, b: Robot) => Date.parse(lastHeard(a)) - Date.parse(lastHeard(b));

/**
 * How fresh a robot's news is ("12 秒前"), the full time to the second in a tooltip. It reads
 * the clock and when the robot was last heard itself, so the tick renders the visible cells only.
 */
function LastUpdate({ robot }: { robot: Robot }) {
  const { i18n } = useTranslation();
  const now = useNow();
  const value = lastHeard(robot);
  return (
    <Tooltip title={formatDateTime(value)}>
      <span style={{ whiteSpace: 'nowrap' }}>{formatRelativeTime(value, i18n.language, now)}</span>
    </Tooltip>
  );
}

/**
 * The live fleet: a virtual table (only the visible rows are rendered), so 2,000 robots updating
 * every second stay smooth. Sorting is local; the row follows its robot's live status. At 1280 px
 * the columns an operator watches fit without scrolling sideways (widths add up to 975 px of
 * the 980 px there are); the last track, firmware and registration date are in the column picker.
 */
export function RobotsTable({ robots, loading, ...handlers }: RobotsTableProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(`(max-width: ${LAYOUT.mobileBreakpoint}px)`);
  const height = useTableHeight(narrow ? 420 : 330);
  const all: PickableColumn<Robot>[] = [
    { key: 'sn', title: t('robots.fields.sn'), dataIndex: 'sn', width: 125, sorter: bySn, defaultSortOrder: 'ascend' },
    {
      key: 'name',
      title: t('robots.fields.name'),
      dataIndex: 'name',
      width: 110,
      optional: true,
      sorter: byText('name'),
      render: (name: string) => <Typography.Text ellipsis={{ tooltip: name }}>{name}</Typography.Text>,
    },
    {
      key: 'lastTrackName',
      title: t('robots.fields.lastTrackName'),
      dataIndex: 'lastTrackName',
      width: 130,
      optional: true,
      hidden: true,
      sorter: byText('lastTrackName'),
      render: (v) => v || '-',
    },
    {
      key: 'connection',
      title: t('robots.fields.connection'),
      dataIndex: 'connection',
      width: 110,
      optional: true,
      sorter: byText('connection'),
      render: (v: Robot['connection']) => <ConnectionTag connection={v} />,
    },
    {
      key: 'battery',
      title: t('robots.fields.battery'),
      dataIndex: 'battery',
      width: 105,
      sorter: (a, b) => a.battery - b.battery,
      render: (v: number) => <BatteryLevel battery={v} />,
    },
    {
      key: 'state',
      title: t('robots.fields.state'),
      dataIndex: 'state',
      width: 90,
      optional: true,
      sorter: byText('state'),
      render: (v: Robot['state']) => <StateTag state={v} />,
    },
    {
      key: 'health',
      title: t('robots.fields.health'),
      dataIndex: 'health',
      width: 80,
      sorter: (a, b) => HEALTH_RANK[a.health] - HEALTH_RANK[b.health],
      render: (v: Robot['health']) => <HealthTag health={v} />,
    },
    {
      key: 'firmware',
      title: t('robots.fields.firmware'),
      dataIndex: 'firmware',
      width: 100,
      optional: true,
      hidden: true,
      render: (v: Robot['firmware']) => <span data-testid="robot-firmware">{v ?? '-'}</span>,
    },
    {
      key: 'alarms',
      title: t('robots.fields.alarms'),
      dataIndex: 'alarms',
      width: 140,
      optional: true,
      sorter: (a, b) => a.alarms.length - b.alarms.length,
      render: (v: Robot['alarms']) => <AlarmTags alarms={v} />,
    },
    {
      key: 'lastUpdate',
      title: t('robots.fields.lastUpdate'),
      dataIndex: 'lastUpdate',
      width: 100,
      optional: true,
      sorter: byLastHeard,
      render: (_: string, robot) => <LastUpdate robot={robot} />,
    },
    {
      key: 'registeredAt',
      title: t('robots.fields.registeredAt'),
      dataIndex: 'registeredAt',
      width: 170,
      optional: true,
      hidden: true,
      sorter: byRegistration,
      render: (v: string) => formatDateTime(v),
    },
    {
      key: 'actions',
      title: t('robots.fields.actions'),
      width: 115,
      render: (_: unknown, robot) => <RobotRowActions robot={robot} {...handlers} />,
    },
  ];
  const columns = useColumnPicker('robots', all);

  return (
    <Table<Robot>
      virtual
      rowKey="sn"
      size="small"
      columns={columns}
      dataSource={robots}
      loading={loading}
      pagination={false}
      scroll={{ x: tableWidth(columns), y: height }}
      locale={{ emptyText: t('robots.empty') }}
      data-testid="robots-table"
      onRow={(robot) => ({ 'data-testid': `robot-row-${robot.sn}` }) as React.HTMLAttributes<HTMLElement>}
    />
  );
}
