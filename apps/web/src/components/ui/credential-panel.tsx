import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CredentialAction, useCredential, useCredentialAction } from '../../lib/device-credentials.ts';
import { actionFailed } from '../../lib/errors.ts';
import { feedback } from '../../lib/feedback.ts';
import { ConfirmButton } from './confirm-button.tsx';
import { CredentialState } from './credential-state.tsx';

const ACTIONS: { action: CredentialAction; word: 'revoke' | 'rotate' | 'replace'; danger?: boolean }[] = [
  { action: 'rotate', word: 'rotate' },
  { action: 'allow-reenroll', word: 'replace' },
  { action: 'revoke', word: 'revoke', danger: true },
];

/**
 * A device's own credential on the robot screen and the track form: its state and last sign-in,
 * and (levels 0-1) rotate, replace (allow re-enrollment) and revoke. `path` is `/robots/{sn}` or
 * `/tracks/{id}/controller`.
 */
export function CredentialPanel({ path, canManage }: { path: string; canManage: boolean }) {
  const { t } = useTranslation();
  const status = useCredential(path);
  const act = useCredentialAction(path);
  const run = (action: CredentialAction, word: string) =>
    act.mutateAsync(action).then(
      () => feedback.success(t('devices.credential.done')),
      (error) => feedback.error(actionFailed(t, t(`devices.credential.${word}`), error)),
    );
  return (
    <Flex vertical gap={8} data-testid="credential-panel">
      <Typography.Text strong>{t('devices.credential.title')}</Typography.Text>
      {status.isError ? (
        <Alert type="error" showIcon title={actionFailed(t, t('devices.credential.title'), status.error)} />
      ) : null}
      <CredentialState status={status.data} />
      {canManage ? (
        <Flex gap={8} wrap>
          {ACTIONS.map(({ action, word, danger }) => (
            <ConfirmButton
              key={action}
              size="small"
              danger={danger}
              confirm={t(`devices.credential.${word}Confirm`)}
              onConfirm={() => run(action, word)}
              data-testid={`credential-${action}`}
            >
              {t(`devices.credential.${word}`)}
            </ConfirmButton>
          ))}
        </Flex>
      ) : null}
    </Flex>
  );
}
