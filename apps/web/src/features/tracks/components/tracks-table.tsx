import type { Page, Track } from '@railserve/protocol';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type PickableColumn, useColumnPicker } from '../../../components/ui/column-picker.tsx';
import { PagedTable } from '../../../components/ui/paged-table.tsx';
import { TrackModeTag, TrackStatusTag } from '../../../components/ui/track-status-tag.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { TrackRowActions, type TrackRowPermissions } from './track-row-actions.tsx';

type TracksTableProps = {
  data: Page<Track> | undefined;
  loading: boolean;
  allowed: TrackRowPermissions;
  onPageChange: (page: number, pageSize: number) => void;
};

/**
 * Tracks with their live status. At 1280 px name, type, status, robots and every action label
 * (view, edit, map, control, delete: 360 px in English) fit on one line without scrolling
 * sideways (widths add up to 960 px); the last report and whether a map is saved are in the
 * column picker.
 */
export function TracksTable({ data, loading, allowed, onPageChange }: TracksTableProps) {
  const { t } = useTranslation();
  const all: PickableColumn<Track>[] = [
    {
      key: 'name',
      title: t('tracks.fields.name'),
      dataIndex: 'name',
      width: 180,
      render: (name: string) => (
        <Typography.Text strong ellipsis={{ tooltip: name }}>
          {name}
        </Typography.Text>
      ),
    },
    {
      key: 'type',
      title: t('tracks.fields.type'),
      dataIndex: 'type',
      width: 130,
      optional: true,
      render: (type: Track['type']) => t(`tracks.types.${type}`),
    },
    {
      key: 'status',
      title: t('tracks.fields.status'),
      width: 160,
      render: (_: unknown, track) => (
        <Space size={4} wrap>
          <TrackStatusTag statusCode={track.statusCode} errorCode={track.errorCode} />
          <TrackModeTag mode={track.mode} />
        </Space>
      ),
    },
    {
      key: 'robots',
      title: t('tracks.fields.robots'),
      dataIndex: 'robots',
      width: 100,
      optional: true,
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
      key: 'statusAt',
      title: t('tracks.fields.statusAt'),
      dataIndex: 'statusAt',
      width: 170,
      optional: true,
      hidden: true,
      render: (v: string | null) => (v ? formatDateTime(v) : t('tracks.neverReported')),
    },
    {
      key: 'map',
      title: t('tracks.fields.map'),
      dataIndex: 'hasMap',
      width: 110,
      optional: true,
      hidden: true,
      render: (hasMap: boolean) =>
        hasMap ? <Tag color="green">{t('tracks.map.saved')}</Tag> : <Tag>{t('tracks.map.none')}</Tag>,
    },
  ];
  if (allowed.view || allowed.edit || allowed.map || allowed.control || allowed.delete) {
    all.push({
      key: 'actions',
      title: t('tracks.fields.actions'),
      width: 390,
      render: (_: unknown, track) => <TrackRowActions track={track} allowed={allowed} />,
    });
  }
  const columns = useColumnPicker('tracks', all);

  return (
    <PagedTable<Track>
      columns={columns}
      data={data}
      loading={loading}
      onPageChange={onPageChange}
      testId="tracks-table"
      layout="fixed"
    />
  );
}
