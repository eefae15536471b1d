import type { TrackMode } from '@railserve/protocol';
import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorLabelKey, STATUS_COLORS, statusLabelKey } from '../../lib/track-labels.ts';

/** The controller's status as a coloured word (its code in a tooltip), with the error label when there is an error. */
export function TrackStatusTag({ statusCode, errorCode }: { statusCode: number; errorCode: number }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap data-testid="track-status">
      <Tooltip title={t('tracks.statusCode', { code: statusCode })}>
        <Tag color={STATUS_COLORS[statusCode] ?? 'default'}>{t(statusLabelKey(statusCode))}</Tag>
      </Tooltip>
      {errorCode > 0 ? <Tag color="red">{t(errorLabelKey(errorCode))}</Tag> : null}
    </Space>
  );
}

/** Register and viewer mode as tags; normal mode shows nothing. */
export function TrackModeTag({ mode }: { mode: TrackMode }) {
  const { t } = useTranslation();
  if (mode === 'normal') return null;
  return <Tag color={mode === 'register' ? 'purple' : 'cyan'}>{t(`tracks.modes.${mode}`)}</Tag>;
}
