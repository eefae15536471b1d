import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import type { User } from '@railserve/protocol';
import { useTranslation } from 'react-i18next';
import { RowActions, RowDelete, RowLink, useRowDelete } from '../../../components/ui/row-actions.tsx';
import { useDeleteUser } from '../api/delete-user.ts';

export type UserRowPermissions = { view: boolean; edit: boolean; delete: boolean };

type UserRowActionsProps = { user: User; isSelf: boolean; allowed: UserRowPermissions };

/** View, edit and delete for one user; what the signed-in level cannot do is not shown. */
export function UserRowActions({ user, isSelf, allowed }: UserRowActionsProps) {
  const { t } = useTranslation();
  const remove = useDeleteUser();
  const onDelete = useRowDelete(remove, 'users.actions.delete');

  return (
    <RowActions>
      {allowed.view ? (
        <RowLink to={`/users/${user.id}/info`} icon={<EyeOutlined />}>
          {t('common.actions.view')}
        </RowLink>
      ) : null}
      {allowed.edit ? (
        <RowLink to={`/users/${user.id}/edit`} icon={<EditOutlined />}>
          {t('common.actions.edit')}
        </RowLink>
      ) : null}
      {allowed.delete ? (
        <RowDelete
          title={t('users.deleteConfirm', { name: user.username })}
          pending={remove.isPending}
          onConfirm={() => onDelete(user.id)}
          testId="user-delete"
          refusal={isSelf ? t('users.deleteSelf') : undefined}
        />
      ) : null}
    </RowActions>
  );
}
