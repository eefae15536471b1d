import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EntityFormPage, EntityTimestamps, useFormRoute } from '../../../components/ui/entity-form-page.tsx';
import { mayDo, mayOpen } from '../../../lib/access.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useUser } from '../api/get-user.ts';
import { UserForm } from './user-form.tsx';

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
      {(user) => (
        <>
          {mode === 'info' && user ? <EntityTimestamps area="users" entity={user} /> : null}
          <UserForm
            key={`${mode}-${user?.id ?? 'new'}-${user?.updatedAt ?? ''}`}
            mode={mode}
            user={user}
            isSelf={!!user && user.id === me?.id}
            canEdit={mayDo(me, 'users.write') && mayOpen(me, 'users.edit')}
            onEdit={() => navigate(`/users/${entityId}/edit`)}
            onDone={() => navigate('/users')}
          />
        </>
      )}
    </EntityFormPage>
  );
}
