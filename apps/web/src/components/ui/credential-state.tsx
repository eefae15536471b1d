import type { CredentialStatus } from '@railserve/protocol';
import { Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/date-time.ts';

const COLORS: Record<CredentialStatus['state'], string> = {
  shared: 'orange',
  enrolled: 'green',
  revoked: 'red',
  reenroll_allowed: 'blue',
};

/** A device's credential state, a rotation in progress, and its last sign-in on hover. */
export function CredentialState({ status }: { status: CredentialStatus | undefined }) {
  const { t } = useTranslation();
  const state = status?.state ?? 'shared';
  const last = status?.lastSignInAt
    ? t('devices.credential.lastSignIn', { time: formatDateTime(status.lastSignInAt) })
    : t('devices.credential.neverSignedIn');
  return (
    <Tooltip title={last}>
      <Flex gap={4} wrap data-testid="credential-state">
        <Tag color={COLORS[state]} style={{ marginInlineEnd: 0 }}>
          {t(`devices.credential.states.${state}`)}
        </Tag>
        {status?.rotationPending ? <Tag color="gold">{t('devices.credential.rotationPending')}</Tag> : null}
      </Flex>
    </Tooltip>
  );
}
