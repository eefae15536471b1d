import { DeleteOutlined, EditOutlined, SwapOutlined, UploadOutlined } from '@ant-design/icons';
import type { AudioClip } from '@railserve/protocol';
import { Button, Flex, Popconfirm, Table, Tag, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-time.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import type { AudioRow } from '../model/audio-rows.ts';
import { AudioPlayer } from './audio-player.tsx';
import { AUDIO_ACCEPT, type UploadTarget } from './upload-audio-dialog.tsx';

type AudioTableProps = {
  trackId: number;
  rows: AudioRow[];
  loading: boolean;
  editable: boolean;
  onUpload: (target: UploadTarget) => void;
  onReplace: (clip: AudioClip, file: File) => void;
  onRename: (clip: AudioClip) => void;
  onDelete: (clip: AudioClip) => void;
};

const KIND_COLOR = { system: 'geekblue', table: 'purple', custom: 'default' } as const;

/** The library: every clip with name, kind, size and upload time; missing system and table clips marked. */
export function AudioTable({ trackId, rows, loading, editable, onUpload, onReplace, onRename, onDelete }: AudioTableProps) {
  const { t } = useTranslation();
  return (
    <Table<AudioRow>
      rowKey="key"
      size="small"
      loading={loading}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 900 }}
      onRow={(row) => ({ 'data-testid': `audio-row-${row.kind}-${row.name}` }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        {
          key: 'name',
          title: t('audio.fields.name'),
          width: 240,
          render: (_, row) => (
            <Flex gap={6} align="center" wrap>
              <Typography.Text strong>{row.kind === 'system' ? t(`audio.system.${row.name}`) : row.name}</Typography.Text>
              {row.tableSide ? <Tag>{t(`audio.sides.${row.tableSide}`)}</Tag> : null}
            </Flex>
          ),
        },
        {
          key: 'kind',
          title: t('audio.fields.kind'),
          width: 110,
          render: (_, row) => <Tag color={KIND_COLOR[row.kind]}>{t(`audio.kinds.${row.kind}`)}</Tag>,
        },
        {
          key: 'state',
          title: t('audio.fields.state'),
          width: 100,
          render: (_, row) =>
            row.clip ? <Tag color="green">{t('audio.present')}</Tag> : <Tag color="orange">{t('audio.missing')}</Tag>,
        },
        {
          key: 'size',
          title: t('audio.fields.size'),
          width: 100,
          render: (_, row) => (row.clip ? formatBytes(row.clip.size) : ''),
        },
        {
          key: 'uploadedAt',
          title: t('audio.fields.uploadedAt'),
          width: 170,
          render: (_, row) => (row.clip ? formatDateTime(row.clip.uploadedAt) : ''),
        },
        {
          key: 'actions',
          title: t('audio.fields.actions'),
          width: 380,
          render: (_, { clip, kind, name }) =>
            clip ? (
              <Flex gap={6} wrap align="center">
                <AudioPlayer trackId={trackId} audioId={clip.id} version={clip.uploadedAt} />
                {editable ? (
                  <>
                    <Upload
                      accept={AUDIO_ACCEPT}
                      showUploadList={false}
                      beforeUpload={(file) => {
                        onReplace(clip, file);
                        return false;
                      }}
                    >
                      <Button size="small" icon={<SwapOutlined />} data-testid={`audio-replace-${clip.id}`}>
                        {t('audio.actions.replace')}
                      </Button>
                    </Upload>
                    {kind === 'custom' ? (
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        onClick={() => onRename(clip)}
                        data-testid={`audio-rename-${clip.id}`}
                      >
                        {t('audio.actions.rename')}
                      </Button>
                    ) : null}
                    <Popconfirm title={t('audio.deleteConfirm', { name: clip.name })} onConfirm={() => onDelete(clip)}>
                      <Button size="small" danger icon={<DeleteOutlined />} data-testid={`audio-delete-${clip.id}`}>
                        {t('common.actions.delete')}
                      </Button>
                    </Popconfirm>
                  </>
                ) : null}
              </Flex>
            ) : editable && kind !== 'custom' ? (
              <Button size="small" icon={<UploadOutlined />} onClick={() => onUpload({ kind, name })}>
                {t('audio.actions.upload')}
              </Button>
            ) : null,
        },
      ]}
    />
  );
}
