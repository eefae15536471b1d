import { ALARM_SEVERITIES, ALARM_WEBHOOK_EVENTS, type AlarmWebhookBody, alarmWebhookBody } from '@railserve/protocol';
import { App, Checkbox, Form, Input, Modal } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { schemaRule } from '../../../lib/schema-rule.ts';
import { useAddWebhook } from '../api/alarm-webhooks.ts';

/** This area's words for the URL's errors, before the shared validation words. */
const words = (t: TFunction) => (key: string, values: Record<string, unknown>) =>
  t(`alarm-settings.validation.${key}`, { defaultValue: '', ...values });

type Props = { open: boolean; onClose: () => void };

/** Adds a webhook: URL, secret (write-only: never shown again), severities and events. */
export function WebhookForm({ open, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AlarmWebhookBody>();
  const add = useAddWebhook();
  const submit = async () => {
    const values = await form.validateFields();
    add.mutate(values, {
      onSuccess: () => {
        void message.success(t('alarm-settings.webhooks.added'));
        form.resetFields();
        onClose();
      },
      onError: (error) => {
        const detail = isApiError(error) ? error.validationDetails[0] : undefined;
        const text = detail ? words(t)(detail.message, {}) : '';
        void message.error(text || actionFailed(t, t('alarm-settings.webhooks.addAction'), error));
      },
    });
  };
  const shape = alarmWebhookBody.shape;
  return (
    <Modal
      open={open}
      title={t('alarm-settings.webhooks.add')}
      okText={t('alarm-settings.webhooks.addOk')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={add.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ severities: ['critical'], events: [...ALARM_WEBHOOK_EVENTS] }}
        preserve={false}
      >
        <Form.Item
          name="url"
          label={t('alarm-settings.webhooks.url')}
          extra={t('alarm-settings.webhooks.urlHelp')}
          rules={[schemaRule(t, shape.url, { words: words(t) })]}
        >
          <Input placeholder="https://" autoComplete="off" inputMode="url" />
        </Form.Item>
        <Form.Item
          name="secret"
          label={t('alarm-settings.webhooks.secret')}
          extra={t('alarm-settings.webhooks.secretHelp')}
          rules={[schemaRule(t, shape.secret)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="severities" label={t('alarm-settings.webhooks.severities')} rules={[schemaRule(t, shape.severities)]}>
          <Checkbox.Group options={ALARM_SEVERITIES.map((s) => ({ value: s, label: t(`alarms.severities.${s}`) }))} />
        </Form.Item>
        <Form.Item name="events" label={t('alarm-settings.webhooks.events')} rules={[schemaRule(t, shape.events.unwrap())]}>
          <Checkbox.Group
            options={ALARM_WEBHOOK_EVENTS.map((e) => ({ value: e, label: t(`alarm-settings.webhooks.event.${e}`) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
