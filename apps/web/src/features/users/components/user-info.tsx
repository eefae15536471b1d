import type { User } from '@railserve/protocol';
import { useTranslation } from 'react-i18next';
import { InfoView } from '../../../components/ui/info-view.tsx';
import { RoleTag, UserStatusTag } from './user-tags.tsx';

type UserInfoProps = { user: User; canEdit: boolean; onEdit: () => void; onBack: () => void };

/** /users/:id/info: the account as text (a password is never shown). */
export function UserInfo({ user, canEdit, onEdit, onBack }: UserInfoProps) {
  const { t } = useTranslation();
  return (
    <InfoView
      area="users"
      entity={user}
      canEdit={canEdit}
      onEdit={onEdit}
      onBack={onBack}
      data-testid="user-info"
      items={[
        { key: 'username', label: t('users.fields.username'), value: user.username },
        { key: 'nickname', label: t('users.fields.nickname'), value: user.nickname },
        { key: 'permission', label: t('users.fields.permission'), value: <RoleTag permission={user.permission} /> },
        { key: 'status', label: t('users.fields.status'), value: <UserStatusTag status={user.status} /> },
      ]}
    />
  );
}
