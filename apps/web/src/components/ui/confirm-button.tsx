import { Button, type ButtonProps, Popconfirm, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type ConfirmButtonProps = Omit<ButtonProps, 'onClick' | 'title'> & {
  /** The question, naming what happens ("Restart robot SIM-0005?"). */
  confirm: string;
  /** What to watch out for; moving commands say robots may move. */
  description?: string;
  okText?: string;
  /** Why the button is disabled, shown on hover. */
  reason?: string;
  onConfirm: () => unknown;
  children: ReactNode;
};

/**
 * One way to confirm a destructive or moving command everywhere (restart, every lid, network
 * settings, removal): the button asks first, and a disabled one says why on hover.
 */
export function ConfirmButton({
  confirm,
  description,
  okText,
  reason,
  onConfirm,
  disabled,
  children,
  ...button
}: ConfirmButtonProps) {
  const { t } = useTranslation();
  const control = (
    <Popconfirm
      title={confirm}
      description={description}
      okText={okText ?? t('common.actions.confirm')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ danger: button.danger }}
      disabled={disabled}
      onConfirm={() => void onConfirm()}
    >
      <Button disabled={disabled} {...button}>
        {children}
      </Button>
    </Popconfirm>
  );
  return disabled && reason ? (
    <Tooltip title={reason}>
      <span>{control}</span>
    </Tooltip>
  ) : (
    control
  );
}
