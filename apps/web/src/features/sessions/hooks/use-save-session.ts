import type { Session } from '@railserve/protocol';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { assignmentFailed, useCreateSession, useUpdateSession } from '../api/save-session.ts';
import { sessionValidationText } from '../model/session-form-rules.ts';

export type SessionFormValues = { code: string; name: string; mac: string; note?: string; trackIds: number[] };

/** Which field a server error code belongs to. */
const FIELD_OF_CODE: Record<string, keyof SessionFormValues> = {
  session_code_taken: 'code',
  mac_taken: 'mac',
  track_assigned_elsewhere: 'trackIds',
  track_not_found: 'trackIds',
};

/**
 * Saves the form: POST on create, PUT on edit. A save whose session was stored but whose
 * tracks were not (HTTP 207) answers `{ session, partial: true }` and tells the user so.
 */
export function useSaveSession(form: FormInstance<SessionFormValues>, existing: Session | undefined) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const create = useCreateSession();
  const update = useUpdateSession();

  const showServerErrors = (error: unknown) => {
    if (!isApiError(error)) return;
    const field = FIELD_OF_CODE[error.code];
    if (field)
      form.setFields([
        { name: field, errors: [error.code === 'track_assigned_elsewhere' ? error.message : t(`errors.${error.code}`)] },
      ]);
    const fields = error.validationDetails
      .filter((d) => d.path.length > 1)
      .map((d) => ({ name: String(d.path[1]) as keyof SessionFormValues, errors: [sessionValidationText(t, d.message)] }));
    if (fields.length > 0) form.setFields(fields);
  };

  const save = async (values: SessionFormValues): Promise<{ session: Session; partial: boolean } | null> => {
    const body = {
      code: values.code.trim(),
      name: values.name.trim(),
      mac: values.mac.trim(),
      note: values.note?.trim() ?? '',
      trackIds: values.trackIds ?? [],
    };
    try {
      const session = existing ? await update.mutateAsync({ id: existing.id, body }) : await create.mutateAsync(body);
      const partial = assignmentFailed(session, body.trackIds);
      if (partial) {
        modal.warning({ title: t('sessions.assignmentFailed.title'), content: t('sessions.assignmentFailed.content') });
      } else {
        void message.success(t(existing ? 'common.saved' : 'common.created'));
      }
      return { session, partial };
    } catch (error) {
      showServerErrors(error);
      void message.error(actionFailed(t, t(existing ? 'sessions.actions.save' : 'sessions.actions.create'), error));
      return null;
    }
  };

  return { save, isSaving: create.isPending || update.isPending };
}
