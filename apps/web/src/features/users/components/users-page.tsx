import { Alert, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { mayDo, mayOpen } from '../../../lib/access.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { useUsers } from '../api/list-users.ts';
import { useUserListParams } from '../hooks/use-user-list-params.ts';
import { UsersTable } from './users-table.tsx';
import { UsersToolbar } from './users-toolbar.tsx';

export function UsersPage() {
  const { t } = useTranslation();
  const { user: me } = useCurrentUser();
  const [params, setParams] = useUserListParams();
  const users = useUsers(params);
  const canWrite = mayDo(me, 'users.write');
  const allowed = {
    view: mayOpen(me, 'users.info'),
    edit: canWrite && mayOpen(me, 'users.edit'),
    delete: canWrite,
  };

  return (
    <Card>
      <PageHeading>{t('routes.users.list')}</PageHeading>
      <UsersToolbar params={params} onChange={setParams} canCreate={canWrite && mayOpen(me, 'users.create')} />
      {users.isError ? (
        <Alert type="error" showIcon title={actionFailed(t, t('users.actions.load'), users.error)} style={{ marginBottom: 16 }} />
      ) : null}
      <UsersTable
        data={users.data}
        loading={users.isFetching}
        currentUserId={me?.id ?? -1}
        currentPermission={me?.permission ?? 3}
        allowed={allowed}
        onPageChange={(page, pageSize) => setParams({ page, pageSize })}
      />
    </Card>
  );
}
