import type { Track } from '@railserve/protocol';
import { Card, Empty, Space, Spin, Typography } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TrackModeTag, TrackStatusTag } from '../../../components/ui/track-status-tag.tsx';
import { isTrackInError } from '../model/figures.ts';
import { CardRow, CardRows } from './card-rows.tsx';

const SHOWN = 8;
/** Tracks in error first, then the others by name. */
const troubledFirst = (a: Track, b: Track) =>
  Number(isTrackInError(b)) - Number(isTrackInError(a)) || a.name.localeCompare(b.name);

/** Every track's live controller status, with the robots it reports. */
export const TrackStatusList = memo(function TrackStatusList({
  tracks,
  loading,
}: {
  tracks: readonly Track[];
  loading: boolean;
}) {
  const { t } = useTranslation();
  const shown = [...tracks].sort(troubledFirst).slice(0, SHOWN);
  const more = tracks.length - shown.length;
  return (
    <Card
      size="small"
      title={t('dashboard.tracks.title')}
      extra={<Link to="/tracks">{t('dashboard.tracks.viewAll')}</Link>}
      data-testid="dashboard-tracks"
    >
      <Spin spinning={loading}>
        {shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.tracks.empty')} />
        ) : (
          <CardRows>
            {shown.map((track, index) => (
              <CardRow key={track.id} testId={`dashboard-track-${track.id}`} first={index === 0}>
                <Space vertical size={2} style={{ minWidth: 0 }}>
                  <Link to={`/tracks/${track.id}/info`}>
                    <Typography.Text strong>{track.name}</Typography.Text>
                  </Link>
                  <Typography.Text type="secondary">{t('tracks.robotCount', { count: track.robots.length })}</Typography.Text>
                </Space>
                <Space size={4} wrap style={{ justifyContent: 'flex-end' }}>
                  <TrackModeTag mode={track.mode} />
                  <TrackStatusTag statusCode={track.statusCode} errorCode={track.errorCode} />
                </Space>
              </CardRow>
            ))}
          </CardRows>
        )}
      </Spin>
      {more > 0 ? (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          {t('dashboard.tracks.more', { count: more })}
        </Typography.Text>
      ) : null}
    </Card>
  );
});
