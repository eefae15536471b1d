import type { Page, Session } from '@railserve/protocol';
import { Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { pagePagination } from '../../../components/ui/page-pagination.ts';
import { formatDateTime } from '../../../lib/labels.ts';
import { SessionRowActions, type SessionRowPermissions } from './session-row-actions.tsx';

type SessionsTableProps = {
  data: Page<Session> | undefined;
  loading: boolean;
  allowed: SessionRowPermissions;
  onPageChange: (page: number, pageSize: number) => void;
};

export function SessionsTable({ data, loading, allowed, onPageChange }: SessionsTableProps) {
  const { t, i18n } = useTranslation();
  const columns: TableColumnsType<Session> = [
    {
      title: t('sessions.fields.code'),
      dataIndex: 'code',
      render: (code: string) => <Typography.Text strong>{code}</Typography.Text>,
    },
    { title: t('sessions.fields.name'), dataIndex: 'name' },
    {
      title: t('sessions.fields.mac'),
      dataIndex: 'mac',
      render: (mac: string) => <Typography.Text code>{mac}</Typography.Text>,
    },
    {
      title: t('sessions.fields.tracks'),
      dataIndex: 'tracks',
      render: (tracks: Session['tracks']) =>
        tracks.length ? (
          <Space size={[0, 4]} wrap>
            {tracks.map((track) => (
              <Tag key={track.id} color="blue">
                {track.name}
              </Tag>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('sessions.noTracks')}</Typography.Text>
        ),
    },
    { title: t('sessions.fields.note'), dataIndex: 'note', responsive: ['lg'], render: (v?: string | null) => v || '-' },
    {
      title: t('sessions.fields.updatedAt'),
      dataIndex: 'updatedAt',
      responsive: ['xl'],
      render: (v: string) => formatDateTime(v, i18n.language),
    },
  ];
  if (allowed.view || allowed.edit || allowed.delete) {
    columns.push({
      title: t('sessions.fields.actions'),
      key: 'actions',
      render: (_: unknown, session) => <SessionRowActions session={session} allowed={allowed} />,
    });
  }

  return (
    <Table<Session>
      rowKey="id"
      columns={columns}
      dataSource={data?.items}
      loading={loading}
      scroll={{ x: 'max-content' }}
      data-testid="sessions-table"
      pagination={pagePagination(data, t, onPageChange)}
    />
  );
}
