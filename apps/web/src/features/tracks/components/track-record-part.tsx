import type { TrackStatusChange } from '@railserve/protocol';
import { Alert, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TrackModeTag, TrackStatusTag } from '../../../components/ui/track-status-tag.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { useStatusChanges } from '../api/status-changes.ts';
import { CommandList } from './command-list.tsx';

/** The record part: the track's recent commands and how its status changed. */
export function TrackRecordPart({ trackId }: { trackId: number }) {
  const { t } = useTranslation();
  const changes = useStatusChanges(trackId);
  const columns: TableColumnsType<TrackStatusChange> = [
    { title: t('tracks.record.at'), dataIndex: 'at', render: (v: string) => formatDateTime(v) },
    {
      title: t('tracks.fields.status'),
      key: 'status',
      render: (_: unknown, change) => (
        <>
          <TrackStatusTag statusCode={change.statusCode} errorCode={change.errorCode} />
          <TrackModeTag mode={change.mode} />
        </>
      ),
    },
    {
      title: t('tracks.fields.robots'),
      dataIndex: 'robots',
      responsive: ['md'],
      render: (robots: string[]) => robots.join(', ') || '-',
    },
  ];

  return (
    <>
      <Typography.Title level={5}>{t('tracks.record.commands')}</Typography.Title>
      <CommandList trackId={trackId} />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('tracks.record.statusChanges')}
      </Typography.Title>
      {changes.isError ? (
        <Alert type="error" showIcon title={actionFailed(t, t('tracks.actions.loadRecords'), changes.error)} />
      ) : (
        <Table<TrackStatusChange>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={changes.data}
          loading={changes.isPending}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('tracks.record.noStatusChanges') }}
          data-testid="track-status-changes"
        />
      )}
    </>
  );
}
