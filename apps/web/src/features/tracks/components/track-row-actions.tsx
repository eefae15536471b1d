import { ControlOutlined, DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import type { Track } from '@railserve/protocol';
import { App, Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { actionFailed } from '../../../lib/errors.ts';
import { useDeleteTrack } from '../api/save-track.ts';

export type TrackRowPermissions = { view: boolean; edit: boolean; control: boolean; delete: boolean };

/** View, edit, control and delete for one track; what the signed-in level cannot do is not shown. */
export function TrackRowActions({ track, allowed }: { track: Track; allowed: TrackRowPermissions }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const remove = useDeleteTrack();

  const onDelete = async () => {
    try {
      await remove.mutateAsync(track.id);
      void message.success(t('common.deleted'));
    } catch (error) {
      void message.error(actionFailed(t, t('tracks.actions.delete'), error));
    }
  };

  return (
    <Space size={0} wrap>
      {allowed.view ? (
        <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => navigate(`/tracks/${track.id}/info`)}>
          {t('common.actions.view')}
        </Button>
      ) : null}
      {allowed.edit ? (
        <Button type="link" size="small" icon={<EditOutlined />} onClick={() => navigate(`/tracks/${track.id}/edit`)}>
          {t('common.actions.edit')}
        </Button>
      ) : null}
      {allowed.control ? (
        <Button
          type="link"
          size="small"
          icon={<ControlOutlined />}
          onClick={() => navigate(`/tracks/${track.id}/control`)}
          data-testid="track-control-link"
        >
          {t('tracks.actions.control')}
        </Button>
      ) : null}
      {allowed.delete ? (
        <Popconfirm
          title={t('tracks.deleteConfirm', { name: track.name })}
          okText={t('common.actions.delete')}
          cancelText={t('common.actions.cancel')}
          okButtonProps={{ danger: true, loading: remove.isPending }}
          onConfirm={onDelete}
        >
          <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="track-delete">
            {t('common.actions.delete')}
          </Button>
        </Popconfirm>
      ) : null}
    </Space>
  );
}
