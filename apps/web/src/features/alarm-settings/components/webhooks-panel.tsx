import { ALARM_WEBHOOKS_MAX, type AlarmWebhook } from '@railserve/protocol';
import { Alert, App, Button, Flex, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ui/confirm-button.tsx';
import { actionFailed } from '../../../lib/errors.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { useAlarmWebhooks, useDeleteWebhook } from '../api/alarm-webhooks.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { WebhookForm } from './webhook-form.tsx';

/** The webhooks: who is called for which severities and events, their delivery logs, add and remove. */
export function WebhooksPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const hooks = useAlarmWebhooks();
  const remove = useDeleteWebhook();
  const [adding, setAdding] = useState(false);
  const [logOf, setLogOf] = useState<AlarmWebhook>();
  const full = (hooks.data?.length ?? 0) >= ALARM_WEBHOOKS_MAX;
  const narrow = useMediaQuery('(max-width: 640px)');
  const url = (hook: AlarmWebhook) => <Typography.Text style={{ wordBreak: 'break-all' }}>{hook.url}</Typography.Text>;
  const severities = (hook: AlarmWebhook) => hook.severities.map((s) => <Tag key={s}>{t(`alarms.severities.${s}`)}</Tag>);
  const events = (hook: AlarmWebhook) => hook.events.map((e) => <Tag key={e}>{t(`alarm-settings.webhooks.event.${e}`)}</Tag>);
  const actions = (hook: AlarmWebhook) => (
    <Space wrap>
      <Button size="small" data-testid={`webhook-log-${hook.id}`} onClick={() => setLogOf(hook)}>
        {t('alarm-settings.webhooks.log')}
      </Button>
      <ConfirmButton
        size="small"
        danger
        confirm={t('alarm-settings.webhooks.removeConfirm')}
        onConfirm={() =>
          remove.mutate(hook.id, {
            onError: (error) => void message.error(actionFailed(t, t('alarm-settings.webhooks.removeAction'), error)),
          })
        }
      >
        {t('common.actions.delete')}
      </ConfirmButton>
    </Space>
  );
  const columns: TableColumnsType<AlarmWebhook> = [
    { title: t('alarm-settings.webhooks.url'), key: 'url', render: (_, hook) => url(hook) },
    { title: t('alarm-settings.webhooks.severities'), key: 'severities', render: (_, hook) => severities(hook) },
    { title: t('alarm-settings.webhooks.events'), key: 'events', render: (_, hook) => events(hook) },
    { title: t('alarm-settings.webhooks.actions'), key: 'actions', width: 200, render: (_, hook) => actions(hook) },
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('alarm-settings.webhooks.intro')}
      </Typography.Paragraph>
      <Flex justify="flex-end">
        <Button
          type="primary"
          disabled={full}
          title={full ? t('alarm-settings.webhooks.full') : undefined}
          onClick={() => setAdding(true)}
        >
          {t('alarm-settings.webhooks.add')}
        </Button>
      </Flex>
      {hooks.isError && (
        <Alert type="error" showIcon title={actionFailed(t, t('alarm-settings.webhooks.loadAction'), hooks.error)} />
      )}
      <Table<AlarmWebhook>
        size="small"
        rowKey="id"
        loading={hooks.isLoading}
        dataSource={hooks.data ?? []}
        pagination={false}
        showHeader={!narrow}
        locale={{ emptyText: t('alarm-settings.webhooks.empty') }}
        columns={
          narrow
            ? [
                {
                  key: 'webhook',
                  render: (_, hook) => (
                    <Flex vertical gap={6}>
                      {url(hook)}
                      <div>{severities(hook)}</div>
                      <div>{events(hook)}</div>
                      {actions(hook)}
                    </Flex>
                  ),
                },
              ]
            : columns
        }
      />
      <WebhookForm open={adding} onClose={() => setAdding(false)} />
      <WebhookDeliveries webhook={logOf} onClose={() => setLogOf(undefined)} />
    </Space>
  );
}
