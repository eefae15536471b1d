import { FileZipOutlined, UploadOutlined } from '@ant-design/icons';
import type { AudioBatchReport, AudioClip } from '@railserve/protocol';
import { Alert, App, Button, Card, Flex, Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StorageUsageBar } from '../../../components/ui/storage-usage-bar.tsx';
import { actionFailed } from '../../../lib/errors.ts';
import { useAudioLibrary } from '../api/audio-library.ts';
import { useDeleteAudio, useReplaceAudio, useUploadAudioZip } from '../api/audio-mutations.ts';
import { audioRows } from '../model/audio-rows.ts';
import { AudioTable } from './audio-table.tsx';
import { RenameAudioDialog } from './rename-audio-dialog.tsx';
import { UploadAudioDialog, type UploadTarget } from './upload-audio-dialog.tsx';
import { ZipReport } from './zip-report.tsx';

/** The track's audio library (spec: Audio list): upload, batch ZIP, replace, rename, play, delete. */
export function AudioLibrary({ trackId, editable }: { trackId: number; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const library = useAudioLibrary(trackId);
  const replace = useReplaceAudio();
  const remove = useDeleteAudio();
  const zip = useUploadAudioZip();
  const [uploadTarget, setUploadTarget] = useState<UploadTarget | null>(null);
  const [renaming, setRenaming] = useState<AudioClip | null>(null);
  const [report, setReport] = useState<AudioBatchReport | null>(null);
  const [zipProgress, setZipProgress] = useState<number>();

  if (library.isError) return <Alert type="error" showIcon title={actionFailed(t, t('audio.actions.load'), library.error)} />;
  const data = library.data ?? { clips: [], missing: [], storage: undefined };
  const rows = audioRows(data);
  const tableNames = rows.filter((r) => r.kind === 'table').map((r) => r.name);
  const missingOf = (kind: 'system' | 'table') => data.missing.filter((m) => m.kind === kind).map((m) => m.name);

  const onReplace = async (clip: AudioClip, file: File) => {
    try {
      await replace.mutateAsync({ trackId, audioId: clip.id, file });
      void message.success(t('audio.replaced', { name: clip.name }));
    } catch (error) {
      void message.error(actionFailed(t, t('audio.actions.upload'), error));
    }
  };
  const onDelete = async (clip: AudioClip) => {
    try {
      await remove.mutateAsync({ trackId, audioId: clip.id });
      void message.success(t('common.deleted'));
    } catch (error) {
      void message.error(actionFailed(t, t('common.actions.delete'), error));
    }
  };
  const onZip = async (file: File) => {
    setZipProgress(0);
    try {
      setReport(await zip.mutateAsync({ trackId, file, onProgress: setZipProgress }));
    } catch (error) {
      void message.error(actionFailed(t, t('audio.actions.upload'), error));
    } finally {
      setZipProgress(undefined);
    }
  };

  return (
    <Card size="small" data-testid="audio-library">
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        {editable ? (
          <>
            <Button
              type="primary"
              icon={<UploadOutlined />}
              onClick={() => setUploadTarget({ kind: 'custom' })}
              data-testid="audio-upload"
            >
              {t('audio.actions.upload')}
            </Button>
            <Upload
              accept=".zip,application/zip"
              showUploadList={false}
              beforeUpload={(file) => {
                void onZip(file);
                return false;
              }}
            >
              <Button icon={<FileZipOutlined />} loading={zip.isPending} data-testid="audio-zip">
                {t('audio.actions.zip')}
              </Button>
            </Upload>
          </>
        ) : null}
        {zipProgress !== undefined ? <Progress percent={zipProgress} size="small" style={{ width: 200 }} /> : null}
        <Flex gap={16} wrap align="center" style={{ marginInlineStart: 'auto' }}>
          <StorageUsageBar label={t('audio.storage.label')} usage={data.storage} testId="audio-storage" />
          <Typography.Text type="secondary">
            {t('audio.summary', { clips: data.clips.length, missing: data.missing.length })}
          </Typography.Text>
        </Flex>
      </Flex>
      {editable ? (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          {t('audio.zip.rule')}
        </Typography.Paragraph>
      ) : null}
      <AudioTable
        trackId={trackId}
        rows={rows}
        loading={library.isPending}
        editable={editable}
        onUpload={setUploadTarget}
        onReplace={onReplace}
        onRename={setRenaming}
        onDelete={onDelete}
      />
      <UploadAudioDialog
        trackId={trackId}
        target={uploadTarget}
        freeSystemNames={missingOf('system')}
        freeTableNames={missingOf('table')}
        tableNames={tableNames}
        onClose={() => setUploadTarget(null)}
      />
      <RenameAudioDialog clip={renaming} tableNames={tableNames} onClose={() => setRenaming(null)} />
      <ZipReport report={report} onClose={() => setReport(null)} />
    </Card>
  );
}
