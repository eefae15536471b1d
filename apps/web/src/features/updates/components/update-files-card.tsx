import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { UpdateFile } from '@railserve/protocol';
import { App, Button, Card, Flex, Popconfirm, Progress, Table, Tooltip, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StorageUsageBar } from '../../../components/ui/storage-usage-bar.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { useDeleteUpdateFile, useUpdateFiles, useUploadUpdateFile } from '../api/update-files.ts';
import { useUploadStorage } from '../api/upload-storage.ts';
import { filenameProblem } from '../model/update-file-rules.ts';

/** Upload (filename rules checked first, progress shown) and the list of update files; a used file cannot be deleted. */
export function UpdateFilesCard({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const files = useUpdateFiles();
  const storage = useUploadStorage();
  const upload = useUploadUpdateFile();
  const remove = useDeleteUpdateFile();
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);

  const send = async (file: File) => {
    const problem = filenameProblem(file.name);
    if (problem) return void message.error(t(problem));
    setProgress({ name: file.name, percent: 0 });
    try {
      const stored = await upload.mutateAsync({ file, onProgress: (percent) => setProgress({ name: file.name, percent }) });
      void message.success(t('updates.files.uploaded', { name: stored.filename }));
    } catch (error) {
      void message.error(actionFailed(t, t('updates.files.upload'), error));
    } finally {
      setProgress(null);
    }
  };
  const onDelete = async (file: UpdateFile) => {
    try {
      await remove.mutateAsync(file.id);
      void message.success(t('common.deleted'));
    } catch (error) {
      void message.error(actionFailed(t, t('common.actions.delete'), error));
    }
  };

  return (
    <Card
      title={t('updates.files.title')}
      extra={
        canWrite ? (
          <Upload
            accept=".zip,.bin,.apk"
            showUploadList={false}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending} data-testid="upload-update">
              {t('updates.files.upload')}
            </Button>
          </Upload>
        ) : null
      }
    >
      {canWrite ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          {t('updates.files.rules')}
        </Typography.Paragraph>
      ) : null}
      <div style={{ marginBottom: 12 }}>
        <StorageUsageBar label={t('updates.files.storage')} usage={storage.data} testId="upload-storage" />
      </div>
      {progress ? (
        <Flex gap={12} align="center" style={{ marginBottom: 12 }} data-testid="upload-progress">
          <Typography.Text>{progress.name}</Typography.Text>
          <Progress percent={progress.percent} style={{ flex: 1, margin: 0 }} />
        </Flex>
      ) : null}
      <Table<UpdateFile>
        size="small"
        rowKey="id"
        loading={files.isPending}
        dataSource={files.data?.items ?? []}
        pagination={{ pageSize: 5, hideOnSinglePage: true }}
        scroll={{ x: 800 }}
        columns={[
          { key: 'filename', title: t('updates.fields.filename'), dataIndex: 'filename' },
          { key: 'version', title: t('updates.fields.version'), dataIndex: 'version', width: 100 },
          { key: 'kind', title: t('updates.files.kind'), render: (_, f) => t(`updates.files.kinds.${f.kind}`), width: 110 },
          { key: 'size', title: t('updates.files.size'), render: (_, f) => formatBytes(f.size), width: 100 },
          {
            key: 'sha256',
            title: 'SHA-256',
            render: (_, f) => (
              <Typography.Text code copyable={{ text: f.sha256 }}>
                {f.sha256.slice(0, 12)}…
              </Typography.Text>
            ),
          },
          {
            key: 'uploadedAt',
            title: t('updates.files.uploadedAt'),
            render: (_, f) => formatDateTime(f.uploadedAt),
          },
          { key: 'records', title: t('updates.files.records'), dataIndex: 'recordCount', width: 90 },
          ...(canWrite
            ? [
                {
                  key: 'actions',
                  title: t('updates.fields.actions'),
                  width: 100,
                  render: (_: unknown, f: UpdateFile) =>
                    f.recordCount > 0 ? (
                      <Tooltip title={t('errors.update_file_in_use')}>
                        <Button type="link" size="small" danger disabled icon={<DeleteOutlined />}>
                          {t('common.actions.delete')}
                        </Button>
                      </Tooltip>
                    ) : (
                      <Popconfirm
                        title={t('updates.files.deleteConfirm', { name: f.filename })}
                        okText={t('common.actions.delete')}
                        cancelText={t('common.actions.cancel')}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => onDelete(f)}
                      >
                        <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                          {t('common.actions.delete')}
                        </Button>
                      </Popconfirm>
                    ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
