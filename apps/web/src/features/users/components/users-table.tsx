import { canManageUser, type Page, type User } from '@railserve/protocol';
import { type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/ui/paged-table.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { UserRowActions, type UserRowPermissions } from './user-row-actions.tsx';
import { RoleTag, UserStatusTag } from './user-tags.tsx';

type UsersTableProps = {
  data: Page<User> | undefined;
  loading: boolean;
  currentUserId: number;
  /** The signed-in user's level: users above it show no edit or delete (the server refuses them). */
  currentPermission: number;
  allowed: UserRowPermissions;
  onPageChange: (page: number, pageSize: number) => void;
};

export function UsersTable({ data, loading, currentUserId, currentPermission, allowed, onPageChange }: UsersTableProps) {
  const { t } = useTranslation();
  const hasActions = allowed.view || allowed.edit || allowed.delete;

  const columns: TableColumnsType<User> = [
    {
      title: t('users.fields.username'),
      dataIndex: 'username',
      render: (username: string, user) => (
        <Typography.Text strong={user.id === currentUserId}>
          {username}
          {user.id === currentUserId ? t('users.you') : ''}
        </Typography.Text>
      ),
    },
    { title: t('users.fields.nickname'), dataIndex: 'nickname', render: (v?: string | null) => v || '-' },
    { title: t('users.fields.permission'), dataIndex: 'permission', render: (p: number) => <RoleTag permission={p} /> },
    { title: t('users.fields.status'), dataIndex: 'status', render: (s: User['status']) => <UserStatusTag status={s} /> },
    {
      title: t('users.fields.createdAt'),
      dataIndex: 'createdAt',
      responsive: ['lg'],
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('users.fields.updatedAt'),
      dataIndex: 'updatedAt',
      responsive: ['xl'],
      render: (v: string) => formatDateTime(v),
    },
  ];
  if (hasActions) {
    columns.push({
      title: t('users.fields.actions'),
      key: 'actions',
      render: (_: unknown, user) => {
        const manageable = canManageUser({ id: currentUserId, permission: currentPermission }, user);
        const forUser = { ...allowed, edit: allowed.edit && manageable, delete: allowed.delete && manageable };
        return <UserRowActions user={user} isSelf={user.id === currentUserId} allowed={forUser} />;
      },
    });
  }

  return (
    <PagedTable<User>
      columns={columns}
      data={data}
      loading={loading}
      onPageChange={onPageChange}
      testId="users-table"
      layout="content"
    />
  );
}
