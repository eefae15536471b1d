import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { actionFailed } from '../../lib/errors.ts';

/** A list row's actions (sessions, tracks, users): link buttons side by side, wrapping when narrow. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Space size={0} wrap>
      {children}
    </Space>
  );
}

/** An action that opens another screen: view, edit, control. */
export function RowLink({ to, icon, testId, children }: { to: string; icon: ReactNode; testId?: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Button type="link" size="small" icon={icon} onClick={() => navigate(to)} data-testid={testId}>
      {children}
    </Button>
  );
}

type RowDeleteProps = {
  /** The confirmation's question, naming the row. */
  title: string;
  description?: ReactNode;
  pending: boolean;
  onConfirm: () => void;
  testId: string;
  /** Why this row cannot be deleted (the button is then disabled, with the reason in a tooltip). */
  refusal?: string;
};

/** Delete, behind a confirmation. */
export function RowDelete({ title, description, pending, onConfirm, testId, refusal }: RowDeleteProps) {
  const { t } = useTranslation();
  if (refusal) {
    return (
      <Tooltip title={refusal}>
        <Button type="link" size="small" danger disabled icon={<DeleteOutlined />} data-testid={testId}>
          {t('common.actions.delete')}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={t('common.actions.delete')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ danger: true, loading: pending }}
      onConfirm={onConfirm}
    >
      <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={testId}>
        {t('common.actions.delete')}
      </Button>
    </Popconfirm>
  );
}

/** Deletes one row with a delete mutation: "deleted", or the translated failure of `actionKey`. */
export function useRowDelete<Id>(remove: { mutateAsync: (id: Id) => Promise<unknown> }, actionKey: string) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return async (id: Id) => {
    try {
      await remove.mutateAsync(id);
      void message.success(t('common.deleted'));
    } catch (error) {
      void message.error(actionFailed(t, t(actionKey), error));
    }
  };
}
