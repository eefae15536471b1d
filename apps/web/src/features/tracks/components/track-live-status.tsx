import type { Track } from '@railserve/protocol';
import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TrackModeTag, TrackStatusTag } from '../../../components/ui/track-status-tag.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';

/** What the track's controller last reported. */
export function TrackLiveStatus({ track }: { track: Track }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2 }}
      style={{ marginBottom: 16 }}
      items={[
        {
          key: 'status',
          label: t('tracks.fields.status'),
          children: <TrackStatusTag statusCode={track.statusCode} errorCode={track.errorCode} />,
        },
        {
          key: 'mode',
          label: t('tracks.fields.mode'),
          children: track.mode === 'normal' ? t('tracks.modes.normal') : <TrackModeTag mode={track.mode} />,
        },
        {
          key: 'robots',
          label: t('tracks.fields.robots'),
          children: track.robots.length ? (
            track.robots.join(', ')
          ) : (
            <Typography.Text type="secondary">{t('tracks.noRobots')}</Typography.Text>
          ),
        },
        {
          key: 'statusAt',
          label: t('tracks.fields.statusAt'),
          children: track.statusAt ? formatDateTime(track.statusAt) : t('tracks.neverReported'),
        },
      ]}
    />
  );
}
