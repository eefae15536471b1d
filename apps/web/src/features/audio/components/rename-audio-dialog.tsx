import { AUDIO_LIMITS, type AudioClip } from '@railserve/protocol';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormChanges } from '../../../components/ui/unsaved-changes.tsx';
import { actionFailed } from '../../../lib/errors.ts';
import { useRenameAudio } from '../api/audio-mutations.ts';
import { clipNameRules } from '../model/clip-name-rules.ts';

type RenameAudioDialogProps = { clip: AudioClip | null; tableNames: string[]; onClose: () => void };

/** Rename a custom clip; its name must not equal a table name (the spec's rule). */
export function RenameAudioDialog({ clip, tableNames, onClose }: RenameAudioDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const rename = useRenameAudio();
  const changes = useFormChanges(form, { name: clip?.name });
  const close = () => {
    changes.release();
    onClose();
  };

  const submit = async ({ name }: { name: string }) => {
    if (!clip) return;
    try {
      await rename.mutateAsync({ trackId: clip.trackId, audioId: clip.id, name: name.trim() });
      void message.success(t('common.saved'));
      close();
    } catch (error) {
      void message.error(actionFailed(t, t('audio.actions.rename'), error));
    }
  };

  return (
    <Modal
      open={clip !== null}
      title={t('audio.rename.title')}
      onCancel={close}
      onOk={() => form.submit()}
      confirmLoading={rename.isPending}
      destroyOnHidden
      data-testid="audio-rename-dialog"
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: clip?.name }}
        onValuesChange={changes.onValuesChange}
        onFinish={submit}
        preserve={false}
      >
        <Form.Item name="name" label={t('audio.fields.name')} rules={clipNameRules(t, tableNames, true)}>
          <Input maxLength={AUDIO_LIMITS.nameMax} data-testid="audio-rename-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
