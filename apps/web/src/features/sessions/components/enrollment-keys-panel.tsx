import type { EnrollmentKey } from '@railserve/protocol';
import { Alert, Button, Card, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ui/confirm-button.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { feedback } from '../../../lib/feedback.ts';
import { useEnrollmentKeys, useRevokeEnrollmentKey } from '../api/enrollment-keys.ts';
import { enrollmentKeyState } from '../model/enrollment-key-state.ts';
import { CreateEnrollmentKeyDialog } from './create-enrollment-key-dialog.tsx';

/**
 * A session's enrollment keys (levels 0-1): make one, see them (never the keys) with their state,
 * revoke one that still enrols (a used-up, expired or revoked key has nothing left to revoke).
 */
export function EnrollmentKeysPanel({ sessionId }: { sessionId: number }) {
  const { t } = useTranslation();
  const keys = useEnrollmentKeys(sessionId);
  const revoke = useRevokeEnrollmentKey();
  const [creating, setCreating] = useState(false);

  return (
    <Card
      title={t('sessions.enrollmentKeys.title')}
      style={{ marginTop: 16 }}
      extra={
        <Button type="primary" onClick={() => setCreating(true)} data-testid="enrollment-key-create">
          {t('sessions.enrollmentKeys.create')}
        </Button>
      }
      data-testid="enrollment-keys"
    >
      {keys.isError ? (
        <Alert type="error" showIcon title={actionFailed(t, t('sessions.enrollmentKeys.title'), keys.error)} />
      ) : null}
      <Table<EnrollmentKey>
        rowKey="id"
        size="small"
        loading={keys.isFetching}
        dataSource={keys.data?.items ?? []}
        pagination={false}
        locale={{ emptyText: t('sessions.enrollmentKeys.empty') }}
        columns={[
          { key: 'createdAt', title: t('sessions.enrollmentKeys.createdAt'), render: (_, k) => formatDateTime(k.createdAt) },
          { key: 'expiresAt', title: t('sessions.enrollmentKeys.expiresAt'), render: (_, k) => formatDateTime(k.expiresAt) },
          { key: 'usesLeft', title: t('sessions.enrollmentKeys.usesLeft'), dataIndex: 'usesLeft' },
          {
            key: 'serials',
            title: t('sessions.enrollmentKeys.serials'),
            render: (_, k) => (k.serials ? k.serials.join(', ') : t('sessions.enrollmentKeys.anySerial')),
          },
          {
            key: 'state',
            title: t('sessions.enrollmentKeys.state'),
            render: (_, k) => {
              const state = enrollmentKeyState(k);
              return (
                <Tag color={state === 'active' ? 'green' : 'default'} data-testid={`enrollment-key-state-${k.id}`}>
                  {t(`sessions.enrollmentKeys.states.${state}`)}
                </Tag>
              );
            },
          },
          {
            key: 'actions',
            title: t('sessions.enrollmentKeys.actions'),
            render: (_, k) =>
              enrollmentKeyState(k) !== 'active' ? null : (
                <ConfirmButton
                  size="small"
                  danger
                  confirm={t('sessions.enrollmentKeys.revokeConfirm')}
                  onConfirm={() =>
                    revoke.mutateAsync(k.id).then(
                      () => feedback.success(t('sessions.enrollmentKeys.revoked')),
                      (error) => feedback.error(actionFailed(t, t('sessions.enrollmentKeys.revoke'), error)),
                    )
                  }
                  data-testid={`enrollment-key-revoke-${k.id}`}
                >
                  {t('sessions.enrollmentKeys.revoke')}
                </ConfirmButton>
              ),
          },
        ]}
      />
      <CreateEnrollmentKeyDialog sessionId={sessionId} open={creating} onClose={() => setCreating(false)} />
    </Card>
  );
}
