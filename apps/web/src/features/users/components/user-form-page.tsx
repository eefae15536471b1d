import { canManageUser } from '@railserve/protocol';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EntityFormPage, useFormRoute } from '../../../components/ui/entity-form-page.tsx';
import { mayDo, mayOpen } from '../../../lib/access.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useUser } from '../api/get-user.ts';
import { UserForm } from './user-form.tsx';
import { UserInfo } from './user-info.tsx';

/** /users/create, /users/:id/edit and /users/:id/info share this page. */
export function UserFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user: me } = useCurrentUser();
  const { mode, entityId, validId } = useFormRoute();
  const query = useUser(entityId);

  return (
    <EntityFormPage
      title={t(`routes.users.${mode}`)}
      mode={mode}
      validId={validId}
      query={query}
      loadAction={t('users.actions.load')}
    >
      {(user) => {
        // A user above the signed-in level can only be looked at (the server refuses any change).
        const manageable = !user || (!!me && canManageUser(me, user));
        const shown = mode === 'edit' && !manageable ? 'info' : mode;
        const canEdit = mayDo(me, 'users.write') && mayOpen(me, 'users.edit') && manageable;
        if (shown === 'info') {
          return user ? (
            <UserInfo
              user={user}
              canEdit={canEdit}
              onEdit={() => navigate(`/users/${entityId}/edit`)}
              onBack={() => navigate('/users')}
            />
          ) : null;
        }
        return (
          <UserForm
            key={`${shown}-${user?.id ?? 'new'}-${user?.updatedAt ?? ''}`}
            mode={shown}
            user={user}
            isSelf={!!user && user.id === me?.id}
            actorPermission={me?.permission ?? 3}
            onDone={() => navigate('/users')}
          />
        );
      }}
    </EntityFormPage>
  );
}
