import { PoweroffOutlined, SyncOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBrokerStatus } from '../../../lib/broker/broker-context.tsx';
import { actionFailed } from '../../../lib/errors.ts';
import { fetchServerStart, useForceReload, useRestartServer } from '../api/system-control.ts';
import { useServerReturn } from '../hooks/use-server-return.ts';

/** Force reload of every open console and restart of the server, each confirmed; blocked while the broker is down. */
export function SystemCommandsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const connected = useBrokerStatus() === 'connected';
  const forceReload = useForceReload();
  const restart = useRestartServer();
  const server = useServerReturn();

  const run = async (action: string, mutate: () => Promise<unknown>, then?: () => void) => {
    if (!connected) return void message.warning(t('mqtt.notConnected'));
    try {
      await mutate();
      then?.();
    } catch (error) {
      void message.error(actionFailed(t, action, error));
    }
  };
  const confirm = (title: string) => ({
    title,
    okText: t('common.actions.confirm'),
    cancelText: t('common.actions.cancel'),
    disabled: !connected,
  });

  return (
    <Card title={t('updates.commands.title')} style={{ height: '100%' }}>
      {connected ? null : <Alert type="warning" showIcon title={t('mqtt.notConnected')} style={{ marginBottom: 16 }} />}
      <Flex wrap gap={8}>
        <Popconfirm
          {...confirm(t('updates.commands.forceReloadConfirm'))}
          onConfirm={() =>
            run(t('updates.commands.forceReload'), forceReload.mutateAsync, () =>
              message.success(t('updates.commands.forceReloadSent')),
            )
          }
        >
          <Button icon={<SyncOutlined />} disabled={!connected} loading={forceReload.isPending} data-testid="force-reload">
            {t('updates.commands.forceReload')}
          </Button>
        </Popconfirm>
        <Popconfirm
          {...confirm(t('updates.commands.restartConfirm'))}
          okButtonProps={{ danger: true }}
          onConfirm={async () => {
            const before = await fetchServerStart().catch(() => undefined);
            await run(t('updates.commands.restart'), restart.mutateAsync, () => server.watch(before));
          }}
        >
          <Button
            danger
            icon={<PoweroffOutlined />}
            disabled={!connected || server.waiting}
            loading={restart.isPending}
            data-testid="restart-server"
          >
            {t('updates.commands.restart')}
          </Button>
        </Popconfirm>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        {t('updates.commands.help')}
      </Typography.Paragraph>
      {server.phase !== 'idle' ? (
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }} data-testid="restart-progress" data-phase={server.phase}>
          {t(`updates.commands.phase.${server.phase}`)}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}
