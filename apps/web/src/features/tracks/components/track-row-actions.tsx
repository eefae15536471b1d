import { ControlOutlined, EditOutlined, EyeOutlined, NodeIndexOutlined } from '@ant-design/icons';
import type { Track } from '@railserve/protocol';
import { useTranslation } from 'react-i18next';
import { RowActions, RowDelete, RowLink, useRowDelete } from '../../../components/ui/row-actions.tsx';
import { useDeleteTrack } from '../api/save-track.ts';

export type TrackRowPermissions = {
  view: boolean;
  edit: boolean;
  control: boolean;
  delete: boolean;
  /** The map editor, editable or read-only; null when the level opens neither. */
  map: 'edit' | 'view' | null;
};

/** View, edit, map, control and delete for one track; what the signed-in level cannot do is not shown. */
export function TrackRowActions({ track, allowed }: { track: Track; allowed: TrackRowPermissions }) {
  const { t } = useTranslation();
  const remove = useDeleteTrack();
  const onDelete = useRowDelete(remove, 'tracks.actions.delete');

  return (
    <RowActions>
      {allowed.view ? (
        <RowLink to={`/tracks/${track.id}/info`} icon={<EyeOutlined />}>
          {t('common.actions.view')}
        </RowLink>
      ) : null}
      {allowed.edit ? (
        <RowLink to={`/tracks/${track.id}/edit`} icon={<EditOutlined />}>
          {t('common.actions.edit')}
        </RowLink>
      ) : null}
      {allowed.map ? (
        <RowLink
          to={`/tracks/${track.id}/map/${allowed.map === 'edit' ? 'edit' : 'info'}`}
          icon={<NodeIndexOutlined />}
          testId="track-map-link"
        >
          {t('tracks.actions.map')}
        </RowLink>
      ) : null}
      {allowed.control ? (
        <RowLink to={`/tracks/${track.id}/control`} icon={<ControlOutlined />} testId="track-control-link">
          {t('tracks.actions.control')}
        </RowLink>
      ) : null}
      {allowed.delete ? (
        <RowDelete
          title={t('tracks.deleteConfirm', { name: track.name })}
          pending={remove.isPending}
          onConfirm={() => onDelete(track.id)}
          testId="track-delete"
        />
      ) : null}
    </RowActions>
  );
}
