import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ui/confirm-button.tsx';
import { useMigrateSharedKey, useSharedKey, useSwitchSharedKey } from '../../../lib/device-credentials.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { feedback } from '../../../lib/feedback.ts';

/**
 * Moving a fleet off the shared DEVICE_KEY (levels 0-1): how many devices still sign in with it,
 * one action that sends each connected one its own credential, and the switch that turns it off.
 * Nothing shows on an installation without a shared key.
 */
export function SharedKeyPanel() {
  const { t } = useTranslation();
  const shared = useSharedKey();
  const migrate = useMigrateSharedKey();
  const toggle = useSwitchSharedKey();
  const status = shared.data;
  if (!status?.configured) return null;
  const title = status.enabled
    ? t('devices.credential.sharedKey.count', { count: status.devices })
    : t('devices.credential.sharedKey.off');
  return (
    <Alert
      type={status.enabled && status.devices > 0 ? 'warning' : 'info'}
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="shared-key-panel"
      title={title}
      action={
        <Flex gap={8} wrap>
          {status.enabled && status.devices > 0 ? (
            <ConfirmButton
              size="small"
              type="primary"
              confirm={t('devices.credential.sharedKey.migrateConfirm')}
              onConfirm={() =>
                migrate.mutateAsync().then(
                  (result) => feedback.success(t('devices.credential.sharedKey.migrated', result)),
                  (error) => feedback.error(actionFailed(t, t('devices.credential.sharedKey.migrate'), error)),
                )
              }
              data-testid="shared-key-migrate"
            >
              {t('devices.credential.sharedKey.migrate')}
            </ConfirmButton>
          ) : null}
          <ConfirmButton
            size="small"
            danger={status.enabled}
            confirm={
              status.enabled ? t('devices.credential.sharedKey.switchOffConfirm') : t('devices.credential.sharedKey.switchOn')
            }
            onConfirm={() =>
              toggle
                .mutateAsync(!status.enabled)
                .catch((error) => feedback.error(actionFailed(t, t('devices.credential.sharedKey.title'), error)))
            }
            data-testid="shared-key-switch"
          >
            {status.enabled ? t('devices.credential.sharedKey.switchOff') : t('devices.credential.sharedKey.switchOn')}
          </ConfirmButton>
        </Flex>
      }
    />
  );
}
