import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import type { Session } from '@railserve/protocol';
import { App, Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { actionFailed } from '../../../lib/errors.ts';
import { useDeleteSession } from '../api/delete-session.ts';

export type SessionRowPermissions = { view: boolean; edit: boolean; delete: boolean };

/** View, edit and delete for one session; what the signed-in level cannot do is not shown. */
export function SessionRowActions({ session, allowed }: { session: Session; allowed: SessionRowPermissions }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const remove = useDeleteSession();

  const onDelete = async () => {
    try {
      await remove.mutateAsync(session.id);
      void message.success(t('common.deleted'));
    } catch (error) {
      void message.error(actionFailed(t, t('sessions.actions.delete'), error));
    }
  };

  return (
    <Space size={0} wrap>
      {allowed.view ? (
        <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => navigate(`/sessions/${session.id}/info`)}>
          {t('common.actions.view')}
        </Button>
      ) : null}
      {allowed.edit ? (
        <Button type="link" size="small" icon={<EditOutlined />} onClick={() => navigate(`/sessions/${session.id}/edit`)}>
          {t('common.actions.edit')}
        </Button>
      ) : null}
      {allowed.delete ? (
        <Popconfirm
          title={t('sessions.deleteConfirm', { code: session.code })}
          description={session.tracks.length ? t('sessions.deleteFreesTracks', { count: session.tracks.length }) : undefined}
          okText={t('common.actions.delete')}
          cancelText={t('common.actions.cancel')}
          okButtonProps={{ danger: true, loading: remove.isPending }}
          onConfirm={onDelete}
        >
          <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="session-delete">
            {t('common.actions.delete')}
          </Button>
        </Popconfirm>
      ) : null}
    </Space>
  );
}
