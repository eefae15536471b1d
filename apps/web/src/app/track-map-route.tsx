import { Result } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { PageLoading } from '../components/ui/page-loading.tsx';
import { useRefreshMapState } from '../features/map-editor/api/map-state.ts';
import { MapEditorPage } from '../features/map-editor/components/map-editor-page.tsx';
import { useRobots } from '../features/robots/api/list-robots.ts';
import { RobotSettingsDialog } from '../features/robots/components/robot-settings-dialog.tsx';
import { isTrackId, useTrack } from '../features/tracks/api/get-track.ts';
import { useSaveTrackMap, useTrackMap } from '../features/tracks/api/track-map.ts';
import { mayDo } from '../lib/access.ts';
import { useCurrentUser } from '../lib/auth.ts';
import { useBrokerStatus } from '../lib/broker/broker-context.tsx';
import { actionFailed } from '../lib/errors.ts';

/**
 * /tracks/:id/map/edit and /tracks/:id/map/info: the map editor (map-editor feature) with the
 * track and its saved map (tracks), its live robots and their settings dialog (robots), composed here because
 * features do not import each other. Info, or a user without maps.write, sees it read-only.
 */
export function TrackMapRoute() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { pathname } = useLocation();
  const { user: me } = useCurrentUser();
  const trackId = Number(id);
  const track = useTrack(trackId);
  // Read once the track is known, as the editor did on its own.
  const saved = useTrackMap(track.isSuccess ? trackId : undefined);
  const refreshMapState = useRefreshMapState();
  const save = useSaveTrackMap({ onSaved: refreshMapState });
  const robots = useRobots();
  const connected = useBrokerStatus() === 'connected';
  const [openSn, setOpenSn] = useState<string | null>(null);
  const editing = pathname.endsWith('/edit') && mayDo(me, 'maps.write');

  const onTrack = useMemo(
    () => (robots.data ?? []).filter((r) => r.trackId === trackId || (track.data?.robots ?? []).includes(r.sn)),
    [robots.data, trackId, track.data?.robots],
  );
  if (!isTrackId(trackId)) return <Result status="404" title={t('errors.not_found')} />;
  if (track.isPending) return <PageLoading />;
  if (track.isError) return <Result status="warning" title={actionFailed(t, t('tracks.actions.load'), track.error)} />;

  return (
    <>
      <MapEditorPage
        track={track.data}
        robots={onTrack}
        readOnly={!editing}
        canReload={mayDo(me, 'tracks.command')}
        backTo={`/tracks/${trackId}/${editing ? 'edit' : 'info'}`}
        onOpenRobot={setOpenSn}
        saved={saved}
        save={save}
      />
      <RobotSettingsDialog
        robot={onTrack.find((r) => r.sn === openSn) ?? null}
        allowed={{
          command: mayDo(me, 'robots.command'),
          configure: mayDo(me, 'robots.configure'),
          credentials: mayDo(me, 'devices.credentials'),
        }}
        connected={connected}
        onClose={() => setOpenSn(null)}
      />
    </>
  );
}
