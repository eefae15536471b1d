import { DownloadOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { mapTables, pointsOfType, type Track } from '@railserve/protocol';
import { Button, Card, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useTrackMap } from '../api/track-map.ts';

/** The saved map in numbers, the way into the map editor (read-only without maps.write), and a download. */
export function TrackMapCard({ track, canWrite }: { track: Track; canWrite: boolean }) {
  const { t } = useTranslation();
  const map = useTrackMap(track.id);
  const saved = map.data;

  const download = () => {
    if (!saved) return;
    const url = URL.createObjectURL(new Blob([JSON.stringify(saved, null, 2)], { type: 'application/json' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: `track-${track.id}-map.json` });
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Card size="small" title={t('tracks.map.title')} style={{ marginBottom: 16 }} data-testid="track-map-card">
      {saved ? (
        <Descriptions
          size="small"
          column={{ xs: 2, sm: 4 }}
          items={[
            { key: 'points', label: t('tracks.map.points'), children: saved.points.length },
            { key: 'paths', label: t('tracks.map.paths'), children: saved.paths.length },
            { key: 'serving', label: t('tracks.map.servingPoints'), children: pointsOfType(saved, 'serving').length },
            { key: 'tables', label: t('tracks.map.tables'), children: mapTables(saved).length },
          ]}
        />
      ) : (
        <Typography.Paragraph type="secondary">
          {map.isPending ? t('common.loading') : t('tracks.map.noneSaved')}
        </Typography.Paragraph>
      )}
      {track.mapUpdatedAt ? (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('tracks.map.updatedAt', { time: formatDateTime(track.mapUpdatedAt) })}
        </Typography.Paragraph>
      ) : null}
      <Flex gap={8} wrap>
        <Link to={`/tracks/${track.id}/map/${canWrite ? 'edit' : 'info'}`}>
          <Button
            type={canWrite ? 'primary' : 'default'}
            icon={canWrite ? <EditOutlined /> : <EyeOutlined />}
            data-testid="open-map-editor"
          >
            {canWrite ? t('tracks.map.edit') : t('tracks.map.view')}
          </Button>
        </Link>
        <Button icon={<DownloadOutlined />} disabled={!saved} onClick={download}>
          {t('tracks.map.download')}
        </Button>
      </Flex>
      {canWrite ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('tracks.map.hint')}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}
