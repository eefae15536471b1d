import type { AlarmSettings } from '@railserve/protocol';
import { Alert, App, Button, Card, Flex, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { actionFailed } from '../../../lib/errors.ts';
import { useAlarmSettings, useSaveAlarmSettings } from '../api/alarm-settings.ts';
import { CodesTable } from './codes-table.tsx';
import { EscalationFields } from './escalation-fields.tsx';
import { WebhooksPanel } from './webhooks-panel.tsx';

/** /alarm-settings (levels 0-1): severity overrides, downtime codes, escalation times and webhooks. */
export function AlarmSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const saved = useAlarmSettings();
  const save = useSaveAlarmSettings();
  const [draft, setDraft] = useState<AlarmSettings>();
  useEffect(() => {
    if (saved.data) setDraft(saved.data);
  }, [saved.data]);
  const changed = draft !== undefined && JSON.stringify(draft) !== JSON.stringify(saved.data);

  if (saved.isError) return <Alert type="error" showIcon title={actionFailed(t, t('alarm-settings.loadAction'), saved.error)} />;
  if (!draft) return <PageLoading />;

  const saveBar = (
    <Flex justify="flex-end" gap="small" wrap>
      <Button disabled={!changed || save.isPending} onClick={() => setDraft(saved.data)}>
        {t('common.actions.reset')}
      </Button>
      <Button
        type="primary"
        disabled={!changed}
        loading={save.isPending}
        onClick={() =>
          save.mutate(draft, {
            onSuccess: () => void message.success(t('alarm-settings.saved')),
            onError: (error) => void message.error(actionFailed(t, t('alarm-settings.saveAction'), error)),
          })
        }
      >
        {t('common.actions.save')}
      </Button>
    </Flex>
  );

  return (
    <>
      <PageHeading>{t('routes.alarmSettings')}</PageHeading>
      <Tabs
        items={[
          {
            key: 'codes',
            label: t('alarm-settings.tabs.codes'),
            children: (
              <Card size="small">
                <Typography.Paragraph type="secondary">{t('alarm-settings.codes.note')}</Typography.Paragraph>
                <CodesTable settings={draft} onChange={setDraft} disabled={save.isPending} />
                <div style={{ marginTop: 12 }}>{saveBar}</div>
              </Card>
            ),
          },
          {
            key: 'escalation',
            label: t('alarm-settings.tabs.escalation'),
            children: (
              <Card size="small">
                <EscalationFields settings={draft} onChange={setDraft} disabled={save.isPending} />
                {saveBar}
              </Card>
            ),
          },
          { key: 'webhooks', label: t('alarm-settings.tabs.webhooks'), children: <WebhooksPanel /> },
        ]}
      />
    </>
  );
}
