import { ArrowLeftOutlined } from '@ant-design/icons';
import type { Robot, TrackType } from '@railserve/protocol';
import { Button, Card, Flex, Result, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { actionFailed } from '../../../lib/errors.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import type { SavedMapQuery, SaveMap } from '../api/saved-map.ts';
import { emptyMap } from '../model/editor-map.ts';
import { MapEditor } from './map-editor.tsx';
import { MapVersionNotice } from './map-version-notice.tsx';

export type MapEditorPageProps = {
  track: { id: number; name: string; type: TrackType };
  robots: readonly Robot[];
  readOnly: boolean;
  canReload: boolean;
  backTo: string;
  onOpenRobot: (sn: string) => void;
  /** The saved map and how to save it: the tracks slice's, given by app/track-map-route.tsx. */
  saved: SavedMapQuery;
  save: SaveMap;
};

/** The track map editor page: the saved map loaded into the editor, and which version the robots run. */
export function MapEditorPage({ track, robots, readOnly, canReload, backTo, onOpenRobot, saved, save }: MapEditorPageProps) {
  const { t } = useTranslation();
  // Wide screens give the editor the window's height; narrow ones stack canvas and panels.
  const narrow = useMediaQuery('(max-width: 900px)');
  if (saved.isPending) return <PageLoading />;
  if (saved.isError) return <Result status="warning" title={actionFailed(t, t('map-editor.actions.loadMap'), saved.error)} />;
  return (
    <Card
      styles={{
        body: {
          display: 'flex',
          flexDirection: 'column',
          gap: 8,
          height: narrow ? undefined : 'calc(100vh - 180px)',
          minHeight: 560,
        },
      }}
    >
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex align="center" gap={8} wrap>
          <Link to={backTo} aria-label={t('map-editor.actions.back')}>
            <Button icon={<ArrowLeftOutlined />} aria-label={t('map-editor.actions.back')} />
          </Link>
          <PageHeading style={{ margin: 0 }}>{t('map-editor.title', { name: track.name })}</PageHeading>
          {readOnly ? <Tag>{t('map-editor.readOnly')}</Tag> : null}
        </Flex>
        <MapVersionNotice trackId={track.id} canReload={canReload} />
      </Flex>
      <MapEditor
        key={track.id}
        trackId={track.id}
        trackType={track.type}
        robots={robots}
        savedMap={saved.data ?? emptyMap()}
        readOnly={readOnly}
        onOpenRobot={onOpenRobot}
        save={save}
      />
    </Card>
  );
}
