import { TRACK_DISPLAY_MODES, TRACK_TYPES, type Track } from '@railserve/protocol';
import { Form, Input, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EditMode, FormActions } from '../../../components/ui/entity-form-page.tsx';
import { useFormChanges } from '../../../components/ui/unsaved-changes.tsx';
import { configToText, type TrackFormValues, useSaveTrack } from '../hooks/use-save-track.ts';
import { trackFormRules } from '../model/track-form-rules.ts';

type TrackInfoFormProps = {
  mode: EditMode;
  track?: Track;
  onSaved: (track: Track) => void;
  onCancel: () => void;
};

/** The info part to create or edit: name, type, config (JSON object), table number announcement and display mode. */
export function TrackInfoForm({ mode, track, onSaved, onCancel }: TrackInfoFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TrackFormValues>();
  const { save, isSaving } = useSaveTrack(form, mode === 'edit' ? track : undefined);
  const rules = trackFormRules(t);
  const initialValues: Partial<TrackFormValues> = track
    ? { ...track, configText: configToText(track.config) }
    : { type: 'single_round_trip', configText: '', tableNumberPlay: false, displayMode: 'grid' };
  const changes = useFormChanges(form, initialValues);

  const onFinish = async (values: TrackFormValues) => {
    const saved = await save(values);
    if (!saved) return;
    changes.release();
    onSaved(saved);
  };

  return (
    <Form<TrackFormValues>
      form={form}
      layout="vertical"
      disabled={isSaving}
      initialValues={initialValues}
      onValuesChange={changes.onValuesChange}
      onFinish={onFinish}
      style={{ maxWidth: 640 }}
      data-testid="track-form"
    >
      <Form.Item label={t('tracks.fields.name')} name="name" rules={rules.name}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label={t('tracks.fields.type')} name="type" rules={rules.type}>
        <Select
          aria-label={t('tracks.fields.type')}
          options={TRACK_TYPES.map((type) => ({ value: type, label: t(`tracks.types.${type}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('tracks.fields.config')} name="configText" rules={rules.configText} extra={t('tracks.hints.config')}>
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 14 }}
          spellCheck={false}
          style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
          placeholder="{ }"
        />
      </Form.Item>
      <Form.Item
        label={t('tracks.fields.tableNumberPlay')}
        name="tableNumberPlay"
        valuePropName="checked"
        extra={t('tracks.hints.tableNumberPlay')}
      >
        <Switch aria-label={t('tracks.fields.tableNumberPlay')} />
      </Form.Item>
      <Form.Item label={t('tracks.fields.displayMode')} name="displayMode" extra={t('tracks.hints.displayMode')}>
        <Radio.Group
          optionType="button"
          options={TRACK_DISPLAY_MODES.map((m) => ({ value: m, label: t(`tracks.displayModes.${m}`) }))}
        />
      </Form.Item>
      <FormActions
        isSaving={isSaving}
        onCancel={() => {
          changes.release();
          onCancel();
        }}
        saveTestId="track-save"
      />
    </Form>
  );
}
