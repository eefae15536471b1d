import type { Page, Session } from '@railserve/protocol';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type PickableColumn, useColumnPicker } from '../../../components/ui/column-picker.tsx';
import { PagedTable } from '../../../components/ui/paged-table.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { SessionRowActions, type SessionRowPermissions } from './session-row-actions.tsx';

type SessionsTableProps = {
  data: Page<Session> | undefined;
  loading: boolean;
  allowed: SessionRowPermissions;
  onPageChange: (page: number, pageSize: number) => void;
};

const clipped = (text: string) => <Typography.Text ellipsis={{ tooltip: text }}>{text}</Typography.Text>;

/**
 * Sessions with their tracks. At 1280 px code, name, MAC, tracks and the actions fit without
 * scrolling sideways (widths add up to 960 px); the note and the last change are in the column picker.
 */
export function SessionsTable({ data, loading, allowed, onPageChange }: SessionsTableProps) {
  const { t } = useTranslation();
  const all: PickableColumn<Session>[] = [
    {
      key: 'code',
      title: t('sessions.fields.code'),
      dataIndex: 'code',
      width: 120,
      render: (code: string) => <Typography.Text strong>{code}</Typography.Text>,
    },
    { key: 'name', title: t('sessions.fields.name'), dataIndex: 'name', width: 200, render: clipped },
    {
      key: 'mac',
      title: t('sessions.fields.mac'),
      dataIndex: 'mac',
      width: 170,
      optional: true,
      render: (mac: string) => <Typography.Text code>{mac}</Typography.Text>,
    },
    {
      key: 'tracks',
      title: t('sessions.fields.tracks'),
      dataIndex: 'tracks',
      width: 230,
      render: (tracks: Session['tracks']) =>
        tracks.length ? (
          <Flex gap={4} wrap>
            {tracks.map((track) => (
              <Tag key={track.id} color="blue" style={{ maxWidth: '100%', marginInlineEnd: 0 }}>
                <Typography.Text ellipsis={{ tooltip: track.name }} style={{ color: 'inherit', maxWidth: 180 }}>
                  {track.name}
                </Typography.Text>
              </Tag>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('sessions.noTracks')}</Typography.Text>
        ),
    },
    {
      key: 'note',
      title: t('sessions.fields.note'),
      dataIndex: 'note',
      width: 200,
      optional: true,
      hidden: true,
      render: (v?: string | null) => (v ? clipped(v) : '-'),
    },
    {
      key: 'updatedAt',
      title: t('sessions.fields.updatedAt'),
      dataIndex: 'updatedAt',
      width: 170,
      optional: true,
      hidden: true,
      render: (v: string) => formatDateTime(v),
    },
  ];
  if (allowed.view || allowed.edit || allowed.delete) {
    all.push({
      key: 'actions',
      title: t('sessions.fields.actions'),
      width: 240,
      render: (_: unknown, session) => <SessionRowActions session={session} allowed={allowed} />,
    });
  }
  const columns = useColumnPicker('sessions', all);

  return (
    <PagedTable<Session>
      columns={columns}
      data={data}
      loading={loading}
      onPageChange={onPageChange}
      testId="sessions-table"
      layout="fixed"
    />
  );
}
