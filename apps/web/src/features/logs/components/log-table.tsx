import type { LogPage, LogRecord } from '@railserve/protocol';
import { Table, type TableColumnsType, Typography } from 'antd';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLogTime, sourceLabelKey, typeLabel } from '../hooks/log-labels.ts';
import { logMessageText } from '../hooks/log-message.ts';
import { LogLevelTag } from './log-level-tag.tsx';

type LogTableProps = {
  data: LogPage | undefined;
  loading: boolean;
  /** Rows can be selected (for delete) only by users who may delete. */
  selection?: { keys: Key[]; onChange: (keys: Key[]) => void };
  onOpen: (record: LogRecord) => void;
  onPageChange: (page: number, pageSize: number) => void;
};

const WIDTHS = { time: 170, level: 90, source: 110, type: 170, track: 150, robot: 170, message: 420 };
const TABLE_WIDTH = Object.values(WIDTHS).reduce((a, b) => a + b, 0) + 48;
/** Height of the scrolling body when paging is off (a virtual list renders only the visible rows). */
const VIRTUAL_HEIGHT = 560;

const named = (name: string | null, key: string | number | null) =>
  name ? `${name} (${key})` : key === null ? '-' : String(key);

export function LogTable({ data, loading, selection, onOpen, onPageChange }: LogTableProps) {
  const { t } = useTranslation();
  const unpaged = data?.pageSize === 'all';
  const columns: TableColumnsType<LogRecord> = [
    {
      title: t('logs.fields.time'),
      dataIndex: 'time',
      width: WIDTHS.time,
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatLogTime(v)}</span>,
    },
    { title: t('logs.fields.level'), dataIndex: 'level', width: WIDTHS.level, render: (level) => <LogLevelTag level={level} /> },
    { title: t('logs.fields.source'), dataIndex: 'source', width: WIDTHS.source, render: (s) => t(sourceLabelKey(s)) },
    { title: t('logs.fields.type'), dataIndex: 'type', width: WIDTHS.type, render: (type: string) => typeLabel(t, type) },
    {
      title: t('logs.fields.track'),
      key: 'track',
      width: WIDTHS.track,
      render: (_, r) => named(r.trackName, r.trackId === null ? null : `#${r.trackId}`),
    },
    { title: t('logs.fields.robot'), key: 'robot', width: WIDTHS.robot, render: (_, r) => named(r.robotName, r.robotSn) },
    {
      title: t('logs.fields.message'),
      dataIndex: 'message',
      width: WIDTHS.message,
      render: (message: string) => {
        const text = logMessageText(t, message);
        return (
          <Typography.Text ellipsis={{ tooltip: text.length > 60 ? text : undefined }} style={{ maxWidth: WIDTHS.message - 16 }}>
            {text}
          </Typography.Text>
        );
      },
    },
  ];

  return (
    <Table<LogRecord>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={data?.items}
      loading={loading}
      virtual={unpaged}
      scroll={unpaged ? { x: TABLE_WIDTH, y: VIRTUAL_HEIGHT } : { x: TABLE_WIDTH }}
      rowSelection={selection ? { selectedRowKeys: selection.keys, onChange: selection.onChange, columnWidth: 48 } : undefined}
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
