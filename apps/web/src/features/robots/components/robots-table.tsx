import { type CredentialStatus, LAYOUT, type Robot } from '@railserve/protocol';
import { Table, type TableProps, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type PickableColumn, tableWidth, useColumnPicker } from '../../../components/ui/column-picker.tsx';
import { CredentialState } from '../../../components/ui/credential-state.tsx';
import { AlarmTags, BatteryLevel, ConnectionTag, HealthTag, StateTag } from '../../../components/ui/robot-tags.tsx';
import { formatDateTime, formatRelativeTime, useNow } from '../../../lib/date-time.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { lastHeard } from '../api/robot-heard.ts';
import { useTableHeight } from '../hooks/use-table-height.ts';
import { ROBOT_SORT_KEYS, type RobotRow, type RobotSort, type RobotSortKey } from '../model/robot-order.ts';
import { liveCell } from './live-cell.tsx';
import { RobotRowActions, type RobotRowHandlers } from './robot-row-actions.tsx';

type RobotsTableProps = RobotRowHandlers & {
  rows: RobotRow[];
  /** Each robot's credential state, by SN (modules/devices). */
  credentials: Map<string, CredentialStatus> | undefined;
  loading: boolean;
  /** The order picked in the column headers; none: by SN without a mark. */
  sort: RobotSort | undefined;
  onSort: (sort: RobotSort | undefined) => void;
  /** What an empty list says instead of "no robots yet" (a filter that matches none). */
  emptyText?: ReactNode;
};

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

/** What a phone shows first, without scrolling sideways: the robot (name, SN below), its battery and health. */
const PHONE_FIRST = ['sn', 'battery', 'health'];

/**
 * The columns on a narrow screen: the robot's name and SN in one column, then battery and health
 * (about 280 px, what a 390 px phone leaves the table), then the rest, scrolled to sideways.
 */
function phoneFirst(all: PickableColumn<RobotRow>[], t: (key: string) => string): PickableColumn<RobotRow>[] {
  const byKey = new Map(all.map((c) => [c.key, c]));
  const robot: PickableColumn<RobotRow> = {
    ...byKey.get('sn')!,
    title: t('robots.fields.robot'),
    width: 100,
    render: liveCell(
      (r) => (
        <div style={{ minWidth: 0 }}>
          <Typography.Text ellipsis={{ tooltip: r.name }} style={{ display: 'block' }}>
            {r.name}
          </Typography.Text>
          {r.name !== r.sn ? (
            <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
              {r.sn}
            </Typography.Text>
          ) : null}
        </div>
      ),
      ['sn', 'name'],
    ),
  };
  const first = [robot, { ...byKey.get('battery')!, width: 100 }, { ...byKey.get('health')!, width: 80 }];
  return [...first, ...all.filter((c) => !PHONE_FIRST.includes(c.key) && c.key !== 'name')];
}

/**
 * The live fleet: a virtual table (only the visible rows are rendered) whose rows are the robots'
 * SNs in the order the page sorted them (robots-page.tsx). A live change renders the visible
 * cells of that robot and nothing else; the table renders again only when robots join, leave or
 * change places, so a whole fleet of thousands listed costs what the screen shows. At 1280 px
 * the columns an operator watches fit without scrolling sideways (widths add up to 975 px of
 * the 980 px there are); the last track, firmware and registration date are in the column picker.
 */
export function RobotsTable({ rows, credentials, loading, sort, onSort, emptyText, ...handlers }: RobotsTableProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(`(max-width: ${LAYOUT.mobileBreakpoint}px)`);
  const height = useTableHeight(narrow ? 420 : 330);
  // Sorted by the page; the headers only show and pick the order.
  const sortable = (key: RobotSortKey) => ({ sorter: true, sortOrder: sort?.key === key ? sort.order : null });
  const all: PickableColumn<RobotRow>[] = [
    { key: 'sn', title: t('robots.fields.sn'), dataIndex: 'sn', width: 125, ...sortable('sn') },
    {
      key: 'name',
      title: t('robots.fields.name'),
      width: 110,
      optional: true,
      ...sortable('name'),
      render: liveCell((robot) => <Typography.Text ellipsis={{ tooltip: robot.name }}>{robot.name}</Typography.Text>, ['name']),
    },
    {
      key: 'lastTrackName',
      title: t('robots.fields.lastTrackName'),
      width: 130,
      optional: true,
      hidden: true,
      ...sortable('lastTrackName'),
      render: liveCell((robot) => robot.lastTrackName || '-', ['lastTrackName']),
    },
    {
      key: 'connection',
      title: t('robots.fields.connection'),
      width: 110,
      optional: true,
      ...sortable('connection'),
      render: liveCell((robot) => <ConnectionTag connection={robot.connection} />, ['connection']),
    },
    {
      key: 'battery',
      title: t('robots.fields.battery'),
      width: 105,
      ...sortable('battery'),
      render: liveCell((robot) => <BatteryLevel battery={robot.battery} />, ['battery']),
    },
    {
      key: 'state',
      title: t('robots.fields.state'),
      width: 90,
      optional: true,
      ...sortable('state'),
      render: liveCell((robot) => <StateTag state={robot.state} />, ['state']),
    },
    {
      key: 'health',
      title: t('robots.fields.health'),
      width: 80,
      ...sortable('health'),
      render: liveCell((robot) => <HealthTag health={robot.health} />, ['health']),
    },
    {
      key: 'firmware',
      title: t('robots.fields.firmware'),
      width: 100,
      optional: true,
      hidden: true,
      render: liveCell((robot) => <span data-testid="robot-firmware">{robot.firmware ?? '-'}</span>, ['firmware']),
    },
    {
      key: 'alarms',
      title: t('robots.fields.alarms'),
      width: 140,
      optional: true,
      ...sortable('alarms'),
      render: liveCell((robot) => <AlarmTags alarms={robot.alarms} />, ['alarms']),
    },
    {
      key: 'lastUpdate',
      title: t('robots.fields.lastUpdate'),
      width: 100,
      optional: true,
      ...sortable('lastUpdate'),
      render: liveCell((robot) => <LastUpdate robot={robot} />, ['sn', 'lastUpdate']),
    },
    {
      key: 'credential',
      title: t('devices.credential.column'),
      width: 130,
      optional: true,
      hidden: true,
      render: (_: unknown, row: RobotRow) => <CredentialState status={credentials?.get(row.sn)} />,
    },
    {
      key: 'registeredAt',
      title: t('robots.fields.registeredAt'),
      width: 170,
      optional: true,
      hidden: true,
      ...sortable('registeredAt'),
      render: liveCell((robot) => formatDateTime(robot.registeredAt), ['registeredAt']),
    },
    {
      key: 'actions',
      title: t('robots.fields.actions'),
      width: 115,
      render: liveCell((robot) => <RobotRowActions robot={robot} {...handlers} />),
    },
  ];
  const columns = useColumnPicker('robots', narrow ? phoneFirst(all, t) : all);
  const onChange: TableProps<RobotRow>['onChange'] = (_pagination, _filters, sorter) => {
    const picked = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = ROBOT_SORT_KEYS.find((k) => k === picked?.columnKey);
    onSort(key && picked?.order ? { key, order: picked.order } : undefined);
  };

  return (
    <Table<RobotRow>
      virtual
      rowKey="sn"
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      onChange={onChange}
      scroll={{ x: tableWidth(columns), y: height }}
      locale={{ emptyText: emptyText ?? t('robots.empty') }}
      data-testid="robots-table"
      onRow={(row) => ({ 'data-testid': `robot-row-${row.sn}` }) as React.HTMLAttributes<HTMLElement>}
    />
  );
}
