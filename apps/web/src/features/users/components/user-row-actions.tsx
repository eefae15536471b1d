import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import type { User } from '@railserve/protocol';
import { App, Button, Popconfirm, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { actionFailed } from '../../../lib/errors.ts';
import { useDeleteUser } from '../api/delete-user.ts';

export type UserRowPermissions = { view: boolean; edit: boolean; delete: boolean };

type UserRowActionsProps = { user: User; isSelf: boolean; allowed: UserRowPermissions };

/** View, edit and delete for one user; what the signed-in level cannot do is not shown. */
export function UserRowActions({ user, isSelf, allowed }: UserRowActionsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const remove = useDeleteUser();

  const onDelete = async () => {
    try {
      await remove.mutateAsync(user.id);
      void message.success(t('common.deleted'));
    } catch (error) {
      void message.error(actionFailed(t, t('users.actions.delete'), error));
    }
  };

  return (
    <Space size={0} wrap>
      {allowed.view ? (
        <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => navigate(`/users/${user.id}/info`)}>
          {t('common.actions.view')}
        </Button>
      ) : null}
      {allowed.edit ? (
        <Button type="link" size="small" icon={<EditOutlined />} onClick={() => navigate(`/users/${user.id}/edit`)}>
          {t('common.actions.edit')}
        </Button>
      ) : null}
      {allowed.delete ? (
        isSelf ? (
          <Tooltip title={t('users.deleteSelf')}>
            <Button type="link" size="small" danger disabled icon={<DeleteOutlined />} data-testid="user-delete">
              {t('common.actions.delete')}
            </Button>
          </Tooltip>
        ) : (
          <Popconfirm
            title={t('users.deleteConfirm', { name: user.username })}
            okText={t('common.actions.delete')}
            cancelText={t('common.actions.cancel')}
            okButtonProps={{ danger: true, loading: remove.isPending }}
            onConfirm={onDelete}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="user-delete">
              {t('common.actions.delete')}
            </Button>
          </Popconfirm>
        )
      ) : null}
    </Space>
  );
}
