import { UploadOutlined } from '@ant-design/icons';
import { AUDIO_LIMITS, type AudioKind, SYSTEM_AUDIO_NAMES } from '@railserve/protocol';
import { App, Button, Form, Input, Modal, Progress, Segmented, Select, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes.tsx';
import { actionFailed } from '../../../lib/errors.ts';
import { useUploadAudio } from '../api/audio-mutations.ts';
import { clipNameRules } from '../model/clip-name-rules.ts';

export type UploadTarget = { kind: AudioKind; name?: string };

type UploadAudioDialogProps = {
  trackId: number;
  /** Opened for a missing clip (kind and name fixed) or blank; null when closed. */
  target: UploadTarget | null;
  /** System names and table names that have no clip yet. */
  freeSystemNames: string[];
  freeTableNames: string[];
  tableNames: string[];
  onClose: () => void;
};

type Values = { kind: AudioKind; name: string };

export const AUDIO_ACCEPT = '.wav,.mp3,.m4a,.ogg,audio/wav,audio/mpeg,audio/mp4,audio/ogg';

/** Upload one clip: its kind, its name (a system name, a table, or free text), the file, with progress. */
export function UploadAudioDialog({
  trackId,
  target,
  freeSystemNames,
  freeTableNames,
  tableNames,
  onClose,
}: UploadAudioDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? target?.kind ?? 'custom';
  const [file, setFile] = useState<File>();
  const [progress, setProgress] = useState<number>();
  const upload = useUploadAudio();
  const fixed = Boolean(target?.name);
  // A chosen file not yet uploaded, or an upload under way, is lost by leaving the page: it asks first.
  const release = useUnsavedChanges(target !== null && (file !== undefined || upload.isPending));

  const close = () => {
    release();
    setFile(undefined);
    setProgress(undefined);
    form.resetFields();
    onClose();
  };

  const submit = async ({ kind: k, name }: Values) => {
    if (!file) return void message.error(t('audio.upload.fileRequired'));
    setProgress(0);
    try {
      await upload.mutateAsync({ trackId, kind: k, name: name.trim(), file, onProgress: setProgress });
      void message.success(t('audio.upload.done'));
      close();
    } catch (error) {
      setProgress(undefined);
      void message.error(actionFailed(t, t('audio.actions.upload'), error));
    }
  };

  const names = kind === 'system' ? freeSystemNames : freeTableNames;
  return (
    <Modal
      open={target !== null}
      title={t('audio.upload.title')}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('audio.actions.upload')}
      confirmLoading={upload.isPending}
      destroyOnHidden
      data-testid="audio-upload-dialog"
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ kind: target?.kind ?? 'custom', name: target?.name }}
        onFinish={submit}
      >
        <Form.Item name="kind" label={t('audio.fields.kind')}>
          <Segmented
            disabled={fixed}
            options={(['system', 'table', 'custom'] as const).map((k) => ({ value: k, label: t(`audio.kinds.${k}`) }))}
            onChange={() => form.setFieldValue('name', undefined)}
          />
        </Form.Item>
        <Form.Item name="name" label={t('audio.fields.name')} rules={clipNameRules(t, tableNames, kind === 'custom')}>
          {kind === 'custom' ? (
            <Input disabled={fixed} maxLength={AUDIO_LIMITS.nameMax} data-testid="audio-upload-name" />
          ) : (
            <Select
              disabled={fixed}
              showSearch
              options={(fixed && target?.name ? [target.name] : names).map((n) => ({
                value: n,
                label: kind === 'system' && (SYSTEM_AUDIO_NAMES as readonly string[]).includes(n) ? t(`audio.system.${n}`) : n,
              }))}
              data-testid="audio-upload-name-select"
            />
          )}
        </Form.Item>
        <Form.Item label={t('audio.fields.file')} required extra={t('audio.upload.formats')}>
          <Upload
            accept={AUDIO_ACCEPT}
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              return false;
            }}
            onRemove={() => setFile(undefined)}
            fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
          >
            <Button icon={<UploadOutlined />} data-testid="audio-upload-file">
              {t('audio.upload.choose')}
            </Button>
          </Upload>
        </Form.Item>
        {progress !== undefined ? <Progress percent={progress} data-testid="audio-upload-progress" /> : null}
        {kind === 'table' ? <Typography.Text type="secondary">{t('audio.upload.tableHint')}</Typography.Text> : null}
      </Form>
    </Modal>
  );
}
