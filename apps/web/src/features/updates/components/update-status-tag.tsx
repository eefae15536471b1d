import type { UpdateStatus } from '@railserve/protocol';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { failureReasonText } from '../model/failure-reason.ts';

const COLOR: Record<UpdateStatus, string> = {
  waiting_download: 'default',
  download_complete: 'processing',
  update_complete: 'success',
  failed: 'error',
};

/** An update record's status, with the reason when it failed. */
export function UpdateStatusTag({ status, reason }: { status: UpdateStatus | string; reason?: string | null }) {
  const { t } = useTranslation();
  const known = status in COLOR ? (status as UpdateStatus) : 'waiting_download';
  return (
    <span data-testid="update-status" data-status={status}>
      <Tag color={COLOR[known]}>{t(`updates.status.${known}`)}</Tag>
      {reason ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {failureReasonText(t, reason)}
        </Typography.Text>
      ) : null}
    </span>
  );
}
