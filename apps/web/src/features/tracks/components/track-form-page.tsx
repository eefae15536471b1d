import { ControlOutlined } from '@ant-design/icons';
import type { Track } from '@railserve/protocol';
import { Button, Tabs, type TabsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CredentialPanel } from '../../../components/ui/credential-panel.tsx';
import { EntityFormPage, type FormMode, useFormRoute } from '../../../components/ui/entity-form-page.tsx';
import { mayDo, mayOpen } from '../../../lib/access.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useTrack } from '../api/get-track.ts';
import { TrackControlPart } from './track-control-part.tsx';
import { TrackInfo } from './track-info.tsx';
import { TrackInfoForm } from './track-info-form.tsx';
import { TrackMapCard } from './track-map-card.tsx';
import { TrackRecordPart } from './track-record-part.tsx';

/** Parts other features add to a saved track's form; the router composes them (features do not import each other). */
export type TrackFormParts = (track: Track, mode: Exclude<FormMode, 'create'>) => NonNullable<TabsProps['items']>;

/** /tracks/create, /tracks/:id/edit and /tracks/:id/info: the info, control and record parts of one track. */
export function TrackFormPage({ extraParts }: { extraParts?: TrackFormParts }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user: me } = useCurrentUser();
  const { mode, entityId, validId } = useFormRoute();
  const query = useTrack(entityId);
  const track = query.data;

  const info =
    mode === 'info' && track ? (
      <TrackInfo
        track={track}
        canEdit={mayDo(me, 'tracks.write') && mayOpen(me, 'tracks.edit')}
        onEdit={() => navigate(`/tracks/${entityId}/edit`)}
        onBack={() => navigate('/tracks')}
      />
    ) : mode === 'info' ? null : (
      <TrackInfoForm
        key={`${mode}-${track?.id ?? 'new'}-${track?.updatedAt ?? ''}`}
        mode={mode}
        track={track}
        onSaved={(saved) => navigate(mode === 'create' ? `/tracks/${saved.id}/edit` : '/tracks')}
        onCancel={() => navigate('/tracks')}
      />
    );

  return (
    <EntityFormPage
      title={`${t(`routes.tracks.${mode}`)}${track ? ` · ${track.name}` : ''}`}
      extra={
        track && mayOpen(me, 'tracks.control') ? (
          <Button icon={<ControlOutlined />} onClick={() => navigate(`/tracks/${track.id}/control`)}>
            {t('routes.tracks.control')}
          </Button>
        ) : null
      }
      mode={mode}
      validId={validId}
      query={query}
      loadAction={t('tracks.actions.load')}
    >
      {(loaded) =>
        !loaded ? (
          info
        ) : (
          <Tabs
            items={[
              { key: 'info', label: t('tracks.parts.info'), children: info },
              {
                key: 'map',
                label: t('tracks.parts.map'),
                // The way into the map editor: editable from the edit view with maps.write, else read-only.
                children: <TrackMapCard track={loaded} canWrite={mode === 'edit' && mayDo(me, 'maps.write')} />,
              },
              {
                key: 'control',
                label: t('tracks.parts.control'),
                children: (
                  // The info view is read-only: commands belong to the edit view and the control screen.
                  <TrackControlPart track={loaded} canCommand={mode === 'edit' && mayDo(me, 'tracks.command')} />
                ),
              },
              { key: 'record', label: t('tracks.parts.record'), children: <TrackRecordPart trackId={loaded.id} /> },
              {
                key: 'credential',
                label: t('devices.credential.title'),
                children: (
                  <CredentialPanel
                    path={`/tracks/${loaded.id}/controller`}
                    canManage={mode === 'edit' && mayDo(me, 'devices.credentials')}
                  />
                ),
              },
              ...(extraParts && mode !== 'create' ? extraParts(loaded, mode) : []),
            ]}
          />
        )
      }
    </EntityFormPage>
  );
}
