import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { mapTables, pointsOfType, type Track } from '@railserve/protocol';
import { App, Button, Card, Descriptions, Flex, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { actionFailed } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/labels.ts';
import { useSaveTrackMap, useTrackMap } from '../api/track-map.ts';
import { readMapFile } from '../hooks/read-map-file.ts';

/** The saved map in numbers, loading a new one from a JSON file, and downloading it again. */
export function TrackMapCard({ track, canWrite }: { track: Track; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const map = useTrackMap(track.id);
  const saveMap = useSaveTrackMap();
  const saved = map.data;

  const load = async (file: File) => {
    const read = await readMapFile(file);
    if ('error' in read) {
      void message.error(t(`tracks.map.errors.${read.error}`, { detail: read.detail ?? '' }));
      return;
    }
    try {
      await saveMap.mutateAsync({ id: track.id, map: read.map });
      void message.success(t('tracks.map.loaded'));
    } catch (error) {
      void message.error(actionFailed(t, t('tracks.map.load'), error));
    }
  };

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
          {t('tracks.map.updatedAt', { time: formatDateTime(track.mapUpdatedAt, i18n.language) })}
        </Typography.Paragraph>
      ) : null}
      <Flex gap={8} wrap>
        {canWrite ? (
          <Upload
            accept=".json,application/json"
            showUploadList={false}
            beforeUpload={(file) => {
              void load(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={saveMap.isPending} data-testid="map-upload">
              {t('tracks.map.load')}
            </Button>
          </Upload>
        ) : null}
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
