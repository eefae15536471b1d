import type { LogPage, LogRecord } from '@railserve/protocol';
import { Table, Typography } from 'antd';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { OutsideMeasureRow, type PickableColumn, tableWidth, useColumnPicker } from '../../../components/ui/column-picker.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { sourceLabelKey, typeLabel } from '../model/log-labels.ts';
import { logMessageText } from '../model/log-message.ts';
import { LogLevelTag } from './log-level-tag.tsx';

type LogTableProps = {
  data: LogPage | undefined;
  loading: boolean;
  /** Rows can be selected (for delete) only by users who may delete. */
  selection?: { keys: Key[]; onChange: (keys: Key[]) => void };
  onOpen: (record: LogRecord) => void;
  onPageChange: (page: number, pageSize: number) => void;
};

/**
 * At 1280 px the fixed columns take about 680 px and the message the rest (about 300 px); the
 * source (the tabs above already choose it) is in the column picker.
 */
const WIDTHS = { time: 160, level: 80, source: 110, type: 120, track: 130, robot: 140 };
const SELECT_WIDTH = 48;
const MESSAGE_MIN = 300;
/** Height of the scrolling body when paging is off (a virtual list renders only the visible rows). */
const VIRTUAL_HEIGHT = 560;

const named = (name: string | null, key: string | number | null) =>
  name ? `${name} (${key})` : key === null ? '-' : String(key);
const clipped = (text: string) => <Typography.Text ellipsis={{ tooltip: text }}>{text}</Typography.Text>;

export function LogTable({ data, loading, selection, onOpen, onPageChange }: LogTableProps) {
  const { t } = useTranslation();
  const unpaged = data?.pageSize === 'all';
  const all: PickableColumn<LogRecord>[] = [
    {
      key: 'time',
      title: t('logs.fields.time'),
      dataIndex: 'time',
      width: WIDTHS.time,
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span>,
    },
    {
      key: 'level',
      title: t('logs.fields.level'),
      dataIndex: 'level',
      width: WIDTHS.level,
      render: (level) => <LogLevelTag level={level} />,
    },
    {
      key: 'source',
      title: t('logs.fields.source'),
      dataIndex: 'source',
      width: WIDTHS.source,
      optional: true,
      hidden: true,
      render: (s) => t(sourceLabelKey(s)),
    },
    {
      key: 'type',
      title: t('logs.fields.type'),
      dataIndex: 'type',
      width: WIDTHS.type,
      optional: true,
      render: (type: string) => clipped(typeLabel(t, type)),
    },
    {
      key: 'track',
      title: t('logs.fields.track'),
      width: WIDTHS.track,
      optional: true,
      render: (_, r) => clipped(named(r.trackName, r.trackId === null ? null : `#${r.trackId}`)),
    },
    {
      key: 'robot',
      title: t('logs.fields.robot'),
      width: WIDTHS.robot,
      optional: true,
      render: (_, r) => clipped(named(r.robotName, r.robotSn)),
    },
    {
      // No width: the message takes whatever the other columns leave.
      key: 'message',
      title: t('logs.fields.message'),
      dataIndex: 'message',
      render: (message: string) => clipped(logMessageText(t, message)),
    },
  ];
  const columns = useColumnPicker('logs', all);
  const width = tableWidth(columns, MESSAGE_MIN) + (selection ? SELECT_WIDTH : 0);

  return (
    <Table<LogRecord>
      rowKey="id"
      tableLayout="fixed"
      size="small"
      columns={columns}
      dataSource={data?.items}
      loading={loading}
      virtual={unpaged}
      scroll={unpaged ? { x: width, y: VIRTUAL_HEIGHT } : { x: width }}
      rowSelection={
        selection
          ? {
              selectedRowKeys: selection.keys,
              onChange: selection.onChange,
              columnWidth: SELECT_WIDTH,
              columnTitle: (selectAll) => <OutsideMeasureRow>{selectAll}</OutsideMeasureRow>,
            }
          : undefined
      }
      data-testid="logs-table"
      // The whole row opens the details: on a phone a button could be scrolled out of view.
      onRow={(record) =>
        ({ 'data-testid': `logs-row-${record.id}`, onClick: () => onOpen(record), style: { cursor: 'pointer' } }) as object
      }
      pagination={
        unpaged
          ? false
          : {
              current: data?.page,
              pageSize: typeof data?.pageSize === 'number' ? data.pageSize : undefined,
              total: data?.total,
              showSizeChanger: false,
              showTotal: () => null,
              onChange: onPageChange,
            }
      }
    />
  );
}
