import { PERMISSIONS, USER_STATUSES } from '@railserve/protocol';
import { useTranslation } from 'react-i18next';
import { ListCreateButton, ListFilter, ListSearch, ListToolbar } from '../../../components/ui/list-toolbar.tsx';
import { roleLabelKey, userStatusLabelKey } from '../../../lib/labels.ts';
import type { UserListParams } from '../api/user-keys.ts';

type UsersToolbarProps = {
  params: UserListParams;
  onChange: (patch: Partial<UserListParams>) => void;
  canCreate: boolean;
};

export function UsersToolbar({ params, onChange, canCreate }: UsersToolbarProps) {
  const { t } = useTranslation();
  return (
    <ListToolbar>
      <ListSearch
        value={params.q}
        placeholder={t('users.filters.search')}
        onSearch={(q) => onChange({ q })}
        testId="users-search"
      />
      <ListFilter
        value={params.permission}
        options={PERMISSIONS}
        label={(p) => t(roleLabelKey(p))}
        placeholder={t('users.filters.permission')}
        onChange={(permission) => onChange({ permission })}
        width={140}
        testId="users-filter-permission"
      />
      <ListFilter
        value={params.status}
        options={USER_STATUSES}
        label={(s) => t(userStatusLabelKey(s))}
        placeholder={t('users.filters.status')}
        onChange={(status) => onChange({ status })}
        width={120}
        testId="users-filter-status"
      />
      <ListCreateButton to="/users/create" label={t('routes.users.create')} allowed={canCreate} testId="users-create" />
    </ListToolbar>
  );
}
