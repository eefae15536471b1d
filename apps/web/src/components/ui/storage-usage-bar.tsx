import type { StorageUsage } from '@railserve/protocol';
import { Flex, Progress, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../lib/format-bytes.ts';
import { storageLevel } from '../../lib/storage-usage.ts';

type StorageUsageBarProps = { label: string; usage: StorageUsage | undefined; testId?: string };

/** "Audio space: 12.3 MB of 200 MB used" with a bar that turns amber from 90 % and red when full. */
export function StorageUsageBar({ label, usage, testId }: StorageUsageBarProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (!usage) return null;
  const { percent, state } = storageLevel(usage);
  const text = t('common.storage.used', { used: formatBytes(usage.usedBytes), quota: formatBytes(usage.quotaBytes) });
  return (
    <Flex gap={8} align="center" wrap style={{ minWidth: 0 }} data-testid={testId}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Progress
        percent={percent}
        showInfo={false}
        size="small"
        status={state === 'full' ? 'exception' : 'normal'}
        strokeColor={state === 'warning' ? token.colorWarning : undefined}
        style={{ width: 120, margin: 0 }}
        aria-label={`${label} ${text}`}
      />
      <Typography.Text type={state === 'normal' ? undefined : state === 'full' ? 'danger' : 'warning'}>{text}</Typography.Text>
    </Flex>
  );
}
