import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, SyncOutlined } from '@ant-design/icons';
import type { CommandStatus } from '@railserve/protocol';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const LOOK: Record<CommandStatus, { color: string; icon: React.ReactNode }> = {
  sent: { color: 'processing', icon: <SyncOutlined spin /> },
  acknowledged: { color: 'success', icon: <CheckCircleOutlined /> },
  failed: { color: 'error', icon: <CloseCircleOutlined /> },
  timed_out: { color: 'warning', icon: <ClockCircleOutlined /> },
};

/** Where a command is in its tracking: sent, acknowledged, failed or timed out. */
export function CommandStatusTag({ status }: { status: CommandStatus }) {
  const { t } = useTranslation();
  const look = LOOK[status];
  return (
    <Tag color={look.color} icon={look.icon} data-testid={`command-status-${status}`}>
      {t(`tracks.commandStatus.${status}`)}
    </Tag>
  );
}
