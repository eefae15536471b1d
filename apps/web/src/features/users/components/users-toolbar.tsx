import { PlusOutlined } from '@ant-design/icons';
import { PERMISSIONS, USER_STATUSES, type UserStatus } from '@railserve/protocol';
import { Button, Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { roleLabelKey, userStatusLabelKey } from '../../../lib/labels.ts';
import type { UserListParams } from '../api/user-keys.ts';

type UsersToolbarProps = {
  params: UserListParams;
  onChange: (patch: Partial<UserListParams>) => void;
  canCreate: boolean;
};

export function UsersToolbar({ params, onChange, canCreate }: UsersToolbarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex wrap gap={8} style={{ marginBottom: 16 }}>
      <Input.Search
        key={params.q ?? ''}
        defaultValue={params.q}
        placeholder={t('users.filters.search')}
        allowClear
        onSearch={(q) => onChange({ q: q.trim() || undefined })}
        style={{ width: 260, maxWidth: '100%' }}
        data-testid="users-search"
      />
      <Select<number>
        allowClear
        placeholder={t('users.filters.permission')}
        value={params.permission}
        onChange={(permission) => onChange({ permission })}
        options={PERMISSIONS.map((p) => ({ value: p, label: t(roleLabelKey(p)) }))}
        style={{ width: 140 }}
        data-testid="users-filter-permission"
      />
      <Select<UserStatus>
        allowClear
        placeholder={t('users.filters.status')}
        value={params.status}
        onChange={(status) => onChange({ status })}
        options={USER_STATUSES.map((s) => ({ value: s, label: t(userStatusLabelKey(s)) }))}
        style={{ width: 120 }}
        data-testid="users-filter-status"
      />
      {canCreate ? (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => navigate('/users/create')}
          style={{ marginInlineStart: 'auto' }}
          data-testid="users-create"
        >
          {t('routes.users.create')}
        </Button>
      ) : null}
    </Flex>
  );
}
