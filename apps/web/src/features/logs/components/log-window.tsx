import type { LogRecord } from '@railserve/protocol';
import { Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-time.ts';
import { browserTimeZone } from '../../../lib/labels.ts';
import { useLogs } from '../api/list-logs.ts';
import { typeLabel } from '../model/log-labels.ts';
import { logMessageText } from '../model/log-message.ts';
import { LogLevelTag } from './log-level-tag.tsx';

/** Records one window shows at most (a robot logs a few per minute; a flood shows its newest). */
const WINDOW_MAX = 200;

type LogWindowProps = { robotSn: string; from: string; to: string; emptyText: string };

/** One robot's logs over a short window, oldest first (the alarm drawer's "around the alarm", composed in app/). */
export function LogWindow({ robotSn, from, to, emptyText }: LogWindowProps) {
  const { t } = useTranslation();
  const tz = useMemo(browserTimeZone, []);
  const logs = useLogs({ robotSn, from, to, page: 1, pageSize: WINDOW_MAX }, tz);
  const rows = useMemo(() => [...(logs.data?.items ?? [])].reverse(), [logs.data]);
  const columns: TableColumnsType<LogRecord> = [
    { key: 'time', title: t('logs.fields.time'), render: (_, r) => formatDateTime(r.time), width: 160 },
    { key: 'level', title: t('logs.fields.level'), render: (_, r) => <LogLevelTag level={r.level} />, width: 80 },
    { key: 'type', title: t('logs.fields.type'), render: (_, r) => typeLabel(t, r.type), width: 110 },
    { key: 'message', title: t('logs.fields.message'), render: (_, r) => logMessageText(t, r.message) },
  ];
  return (
    <Table<LogRecord>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={logs.isPending}
      pagination={false}
      scroll={{ y: 280, x: 'max-content' }}
      locale={{ emptyText }}
      data-testid="log-window"
    />
  );
}
