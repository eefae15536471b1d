import type { Session } from '@railserve/protocol';
import { Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type EditMode, FormActions } from '../../../components/ui/entity-form-page.tsx';
import { useFormChanges } from '../../../components/ui/unsaved-changes.tsx';
import { useNextSessionCode } from '../api/next-session-code.ts';
import { useTrackOptions } from '../api/track-options.ts';
import { type SessionFormValues, useSaveSession } from '../hooks/use-save-session.ts';
import { sessionFormRules } from '../model/session-form-rules.ts';

type SessionFormProps = {
  mode: EditMode;
  session?: Session;
  onSaved: (session: Session, partial: boolean) => void;
  onCancel: () => void;
};

/** Create (code suggested) and edit; the info view is `SessionInfo`. */
export function SessionForm({ mode, session, onSaved, onCancel }: SessionFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SessionFormValues>();
  const { save, isSaving } = useSaveSession(form, mode === 'edit' ? session : undefined);
  const nextCode = useNextSessionCode(mode === 'create');
  const trackOptions = useTrackOptions();
  const rules = sessionFormRules(t);
  const initialValues: Partial<SessionFormValues> = session ? { ...session, note: session.note ?? '' } : { trackIds: [] };
  // The suggested code is the page's, not the person's: only touched fields count as changes.
  const changes = useFormChanges(form, initialValues);

  // Suggest the next code on create, unless the user already typed one.
  useEffect(() => {
    if (nextCode.data && !form.isFieldTouched('code') && !form.getFieldValue('code'))
      form.setFieldsValue({ code: nextCode.data.code });
  }, [nextCode.data, form]);

  const options = (trackOptions.data ?? []).map((track) => {
    const elsewhere = track.sessionId !== null && track.sessionId !== session?.id;
    return {
      value: track.id,
      label: elsewhere ? `${track.name} ${t('sessions.trackElsewhere')}` : track.name,
      disabled: elsewhere,
    };
  });
  // The session's own tracks are known from the session itself, even before the options load.
  for (const track of session?.tracks ?? []) {
    if (!options.some((o) => o.value === track.id)) options.push({ value: track.id, label: track.name, disabled: false });
  }

  const onFinish = async (values: SessionFormValues) => {
    const saved = await save(values);
    if (!saved) return;
    changes.release();
    onSaved(saved.session, saved.partial);
  };

  return (
    <Form<SessionFormValues>
      form={form}
      layout="vertical"
      disabled={isSaving}
      initialValues={initialValues}
      onValuesChange={changes.onValuesChange}
      onFinish={onFinish}
      style={{ maxWidth: 560 }}
      data-testid="session-form"
    >
      <Form.Item label={t('sessions.fields.code')} name="code" rules={rules.code} extra={t('sessions.hints.code')}>
        <Input placeholder={nextCode.data?.code ?? 'S2026001'} autoComplete="off" />
      </Form.Item>
      <Form.Item label={t('sessions.fields.name')} name="name" rules={rules.name}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label={t('sessions.fields.mac')} name="mac" rules={rules.mac} extra={t('sessions.hints.mac')}>
        <Input placeholder="AA:BB:CC:DD:EE:FF" autoComplete="off" />
      </Form.Item>
      <Form.Item label={t('sessions.fields.note')} name="note" rules={rules.note}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} placeholder={t('sessions.placeholders.note')} />
      </Form.Item>
      <Form.Item label={t('sessions.fields.tracks')} name="trackIds" extra={t('sessions.hints.tracks')}>
        <Select
          mode="multiple"
          allowClear
          loading={trackOptions.isPending}
          options={options}
          optionFilterProp="label"
          placeholder={t('sessions.placeholders.tracks')}
          notFoundContent={t('sessions.noTrackOptions')}
          aria-label={t('sessions.fields.tracks')}
          data-testid="session-tracks"
        />
      </Form.Item>
      <FormActions
        isSaving={isSaving}
        onCancel={() => {
          changes.release();
          onCancel();
        }}
        saveTestId="session-save"
      />
    </Form>
  );
}
