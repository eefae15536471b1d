import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, SyncOutlined } from '@ant-design/icons';
import type { CommandStatus } from '@railserve/protocol';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const LOOK: Record<CommandStatus, { color: string; icon: ReactNode }> = {
  sent: { color: 'processing', icon: <SyncOutlined spin /> },
  acknowledged: { color: 'success', icon: <CheckCircleOutlined /> },
  failed: { color: 'error', icon: <CloseCircleOutlined /> },
  timed_out: { color: 'warning', icon: <ClockCircleOutlined /> },
};

/** Where a command is in its tracking: sent (waiting), acknowledged, failed or timed out. */
export function CommandStatusTag({ status, testId }: { status: CommandStatus; testId?: string }) {
  const { t } = useTranslation();
  const look = LOOK[status];
  return (
    <Tag color={look.color} icon={look.icon} data-testid={testId} data-status={status}>
      {t(`robots.commandStatus.${status}`)}
    </Tag>
  );
}
