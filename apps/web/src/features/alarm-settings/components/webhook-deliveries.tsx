import type { AlarmWebhook, AlarmWebhookAttempt } from '@railserve/protocol';
import { Alert, Drawer, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-time.ts';
import { errorText } from '../../../lib/errors.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { useWebhookDeliveries } from '../api/alarm-webhooks.ts';

type Props = { webhook: AlarmWebhook | undefined; onClose: () => void };

/** One webhook's delivery log: every attempt, newest first, read again while open. */
export function WebhookDeliveries({ webhook, onClose }: Props) {
  const { t } = useTranslation();
  const log = useWebhookDeliveries(webhook?.id);
  const narrow = useMediaQuery('(max-width: 768px)');
  const outcome = (a: AlarmWebhookAttempt) => {
    if (a.ok) return <Tag color="green">{t('alarm-settings.deliveries.delivered')}</Tag>;
    const why = t(`alarm-settings.deliveries.errors.${a.error ?? 'http_status'}`, { status: a.statusCode ?? '' });
    return <Tag color={a.willRetry ? 'orange' : 'red'}>{why}</Tag>;
  };
  return (
    <Drawer
      open={webhook !== undefined}
      onClose={onClose}
      title={t('alarm-settings.deliveries.title')}
      size={narrow ? '100%' : 736}
      styles={{ body: { paddingTop: 8 } }}
    >
      {webhook && <p style={{ wordBreak: 'break-all' }}>{webhook.url}</p>}
      {log.error && <Alert type="error" title={errorText(t, log.error)} />}
      <Table<AlarmWebhookAttempt>
        size="small"
        rowKey="id"
        loading={log.isLoading}
        dataSource={log.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 560 }}
        locale={{ emptyText: t('alarm-settings.deliveries.empty') }}
        columns={[
          { title: t('alarm-settings.deliveries.at'), key: 'at', render: (_, a) => formatDateTime(a.at) },
          {
            title: t('alarm-settings.deliveries.event'),
            key: 'event',
            render: (_, a) => t(`alarm-settings.webhooks.event.${a.event}`),
          },
          { title: t('alarm-settings.deliveries.alarm'), dataIndex: 'alarmId', key: 'alarm' },
          { title: t('alarm-settings.deliveries.attempt'), dataIndex: 'attempt', key: 'attempt', width: 70 },
          { title: t('alarm-settings.deliveries.outcome'), key: 'outcome', render: (_, a) => outcome(a) },
          {
            title: t('alarm-settings.deliveries.duration'),
            key: 'duration',
            render: (_, a) => t('alarm-settings.deliveries.ms', { ms: a.durationMs }),
          },
        ]}
      />
    </Drawer>
  );
}
