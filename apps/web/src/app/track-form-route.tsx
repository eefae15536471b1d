import { useTranslation } from 'react-i18next';
import { ActiveAlarms } from '../features/alarms/components/active-alarms.tsx';
import { AudioLibrary } from '../features/audio/components/audio-library.tsx';
import { TrackRobotsPanel } from '../features/robots/components/track-robots-panel.tsx';
import { TableLayoutEditor } from '../features/table-layout/components/table-layout-editor.tsx';
import { useRefreshTrackMap, useTrackMap } from '../features/tracks/api/track-map.ts';
import { TrackFormPage, type TrackFormParts } from '../features/tracks/components/track-form-page.tsx';
import { mayDo } from '../lib/access.ts';
import { useCurrentUser } from '../lib/auth.ts';

/**
 * The track form with the parts of other features: the table layout editor, the audio library
 * and the robot settings panel. Composed here so that the features stay independent.
 */
export function TrackFormRoute() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const parts: TrackFormParts = (track, mode) => [
    {
      key: 'tables',
      label: t('tables.part'),
      // Keyed by the view, so a draft never follows from the edit view into the read-only one.
      children: <TableLayoutPart key={mode} trackId={track.id} editable={mode === 'edit' && mayDo(user, 'tables.write')} />,
    },
    {
      key: 'audio',
      label: t('audio.part'),
      children: <AudioLibrary trackId={track.id} editable={mode === 'edit' && mayDo(user, 'audio.write')} />,
    },
    { key: 'robots', label: t('robots.panel.title'), children: <TrackRobotsPanel sns={track.robots} /> },
    ...(mayDo(user, 'alarms.view')
      ? [{ key: 'alarms', label: t('alarm-report.active.title'), children: <ActiveAlarms trackId={track.id} title={false} /> }]
      : []),
  ];
  return <TrackFormPage extraParts={parts} />;
}

/** The table layout editor with the track's saved map (tracks), which names the tables. */
function TableLayoutPart({ trackId, editable }: { trackId: number; editable: boolean }) {
  const map = useTrackMap(trackId);
  const refreshMap = useRefreshTrackMap();
  return <TableLayoutEditor trackId={trackId} editable={editable} map={map} onSaved={refreshMap} />;
}
