import type { Page, Track } from '@railserve/protocol';
import { Space, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { pagePagination } from '../../../components/ui/page-pagination.ts';
import { formatDateTime } from '../../../lib/labels.ts';
import { TrackRowActions, type TrackRowPermissions } from './track-row-actions.tsx';
import { TrackModeTag, TrackStatusTag } from './track-status-tag.tsx';

type TracksTableProps = {
  data: Page<Track> | undefined;
  loading: boolean;
  allowed: TrackRowPermissions;
  onPageChange: (page: number, pageSize: number) => void;
};

export function TracksTable({ data, loading, allowed, onPageChange }: TracksTableProps) {
  const { t, i18n } = useTranslation();
  const columns: TableColumnsType<Track> = [
    {
      title: t('tracks.fields.name'),
      dataIndex: 'name',
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    { title: t('tracks.fields.type'), dataIndex: 'type', render: (type: Track['type']) => t(`tracks.types.${type}`) },
    {
      title: t('tracks.fields.status'),
      key: 'status',
      render: (_: unknown, track) => (
        <Space size={4} wrap>
          <TrackStatusTag statusCode={track.statusCode} errorCode={track.errorCode} />
          <TrackModeTag mode={track.mode} />
        </Space>
      ),
    },
    {
      title: t('tracks.fields.robots'),
      dataIndex: 'robots',
      render: (robots: string[]) =>
        robots.length ? (
          <Tooltip title={robots.join(', ')}>
            <Tag>{t('tracks.robotCount', { count: robots.length })}</Tag>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{t('tracks.robotCount', { count: 0 })}</Typography.Text>
        ),
    },
    {
      title: t('tracks.fields.statusAt'),
      dataIndex: 'statusAt',
      responsive: ['xl'],
      render: (v: string | null) => (v ? formatDateTime(v, i18n.language) : t('tracks.neverReported')),
    },
    {
      title: t('tracks.fields.map'),
      dataIndex: 'hasMap',
      responsive: ['xxl'],
      render: (hasMap: boolean) =>
        hasMap ? <Tag color="green">{t('tracks.map.saved')}</Tag> : <Tag>{t('tracks.map.none')}</Tag>,
    },
  ];
  if (allowed.view || allowed.edit || allowed.control || allowed.delete) {
    columns.push({
      title: t('tracks.fields.actions'),
      key: 'actions',
      render: (_: unknown, track) => <TrackRowActions track={track} allowed={allowed} />,
    });
  }

  return (
    <Table<Track>
      rowKey="id"
      columns={columns}
      dataSource={data?.items}
      loading={loading}
      scroll={{ x: 'max-content' }}
      data-testid="tracks-table"
      pagination={pagePagination(data, t, onPageChange)}
    />
  );
}
