import type { Alarm, AlarmPage } from '@railserve/protocol';
import { alarmNameText } from '@railserve/protocol';
import { Button, Table, type TableColumnsType } from 'antd';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { pagePagination } from '../../../components/ui/page-pagination.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { AlarmStateTags, SeverityTag } from './alarm-tags.tsx';

type AlarmTableProps = {
  data: AlarmPage | undefined;
  loading: boolean;
  trackName: (id: number) => string;
  assigneeName: (id: number) => string;
  selection?: { keys: Key[]; onChange: (keys: Key[]) => void };
  onOpen: (alarm: Alarm) => void;
  onPageChange: (page: number, pageSize: number) => void;
};

/** One page of alarms, newest first; a row opens the alarm's drawer. */
export function AlarmTable({ data, loading, trackName, assigneeName, selection, onOpen, onPageChange }: AlarmTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<Alarm> = [
    {
      title: t('alarms.fields.severity'),
      dataIndex: 'severity',
      width: 90,
      render: (_, a) => <SeverityTag severity={a.severity} />,
    },
    {
      title: t('alarms.fields.code'),
      dataIndex: 'code',
      // A button, so the keyboard and screen readers reach the drawer as the mouse does.
      render: (_, a) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(a)} data-testid={`alarm-open-${a.id}`}>
          {alarmNameText(t, a.code)}
        </Button>
      ),
    },
    { title: t('alarms.fields.robot'), dataIndex: 'robotSn' },
    { title: t('alarms.fields.track'), dataIndex: 'trackId', render: (_, a) => (a.trackId ? trackName(a.trackId) : '-') },
    { title: t('alarms.fields.state'), key: 'state', render: (_, a) => <AlarmStateTags alarm={a} /> },
    { title: t('alarms.fields.raisedAt'), dataIndex: 'raisedAt', render: (_, a) => formatDateTime(a.raisedAt) },
    { title: t('alarms.fields.count'), dataIndex: 'count', width: 70, align: 'right' },
    {
      title: t('alarms.fields.assignee'),
      dataIndex: 'assigneeId',
      render: (_, a) => (a.assigneeId ? assigneeName(a.assigneeId) : '-'),
    },
  ];
  return (
    <Table<Alarm>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={data?.items}
      loading={loading}
      scroll={{ x: 'max-content' }}
      rowSelection={selection ? { selectedRowKeys: selection.keys, onChange: selection.onChange } : undefined}
      onRow={(alarm) => ({ onDoubleClick: () => onOpen(alarm) })}
      pagination={pagePagination(data, t, onPageChange)}
      data-testid="alarms-table"
    />
  );
}
