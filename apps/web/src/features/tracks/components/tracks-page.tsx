import { Alert, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { mayDo, mayOpen } from '../../../lib/access.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { useTracks } from '../api/list-tracks.ts';
import { useTrackListParams } from '../hooks/use-track-list-params.ts';
import type { TrackRowPermissions } from './track-row-actions.tsx';
import { TracksTable } from './tracks-table.tsx';
import { TracksToolbar } from './tracks-toolbar.tsx';

/** /tracks: every track with its live status (kept current by the broker), type and robots. */
export function TracksPage() {
  const { t } = useTranslation();
  const { user: me } = useCurrentUser();
  const [params, setParams] = useTrackListParams();
  const tracks = useTracks(params);
  const canWrite = mayDo(me, 'tracks.write');
  const allowed: TrackRowPermissions = {
    view: mayOpen(me, 'tracks.info'),
    edit: canWrite && mayOpen(me, 'tracks.edit'),
    control: mayOpen(me, 'tracks.control'),
    map: mayDo(me, 'maps.write') && mayOpen(me, 'tracks.edit') ? 'edit' : mayOpen(me, 'tracks.info') ? 'view' : null,
    delete: mayDo(me, 'tracks.delete'),
  };

  return (
    <Card>
      <PageHeading>{t('routes.tracks.list')}</PageHeading>
      <TracksToolbar params={params} onChange={setParams} canCreate={canWrite && mayOpen(me, 'tracks.create')} />
      {tracks.isError ? (
        <Alert
          type="error"
          showIcon
          title={actionFailed(t, t('tracks.actions.load'), tracks.error)}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <TracksTable
        data={tracks.data}
        loading={tracks.isFetching}
        allowed={allowed}
        onPageChange={(page, pageSize) => setParams({ page, pageSize })}
      />
    </Card>
  );
}
