import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EntityFormPage, useFormRoute } from '../../../components/ui/entity-form-page.tsx';
import { mayDo, mayOpen } from '../../../lib/access.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useSession } from '../api/get-session.ts';
import { EnrollmentKeysPanel } from './enrollment-keys-panel.tsx';
import { SessionForm } from './session-form.tsx';
import { SessionInfo } from './session-info.tsx';

/** /sessions/create, /sessions/:id/edit and /sessions/:id/info share this page. */
export function SessionFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user: me } = useCurrentUser();
  const { mode, entityId, validId } = useFormRoute();
  const query = useSession(entityId);

  return (
    <EntityFormPage
      title={t(`routes.sessions.${mode}`)}
      mode={mode}
      validId={validId}
      query={query}
      loadAction={t('sessions.actions.load')}
    >
      {(session) =>
        mode === 'info' ? (
          session ? (
            <>
              <SessionInfo
                session={session}
                canEdit={mayDo(me, 'sessions.write') && mayOpen(me, 'sessions.edit')}
                onEdit={() => navigate(`/sessions/${entityId}/edit`)}
                onBack={() => navigate('/sessions')}
              />
              {mayDo(me, 'devices.enrollment_keys') ? <EnrollmentKeysPanel sessionId={session.id} /> : null}
            </>
          ) : null
        ) : (
          <SessionForm
            key={`${mode}-${session?.id ?? 'new'}-${session?.updatedAt ?? ''}`}
            mode={mode}
            session={session}
            onSaved={(saved, partial) =>
              // After a partial save the form stays open on the saved session, so the tracks can be tried again.
              partial ? navigate(`/sessions/${saved.id}/edit`, { replace: true }) : navigate('/sessions')
            }
            onCancel={() => navigate('/sessions')}
          />
        )
      }
    </EntityFormPage>
  );
}
