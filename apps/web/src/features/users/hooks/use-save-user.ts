import { PASSWORD_MIN, type Permission, type User, type UserStatus } from '@railserve/protocol';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { actionFailed, validationText } from '../../../lib/errors.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useUpdateUser } from '../api/update-user.ts';

export type UserFormValues = {
  username: string;
  nickname?: string;
  password?: string;
  confirmPassword?: string;
  permission: Permission;
  status: UserStatus;
};

/**
 * Saves the form: POST on create, PUT on edit (a blank password is left out, so it is kept).
 * Server validation errors go onto their fields; every failure also reads '{action} failed: {error}'.
 */
export function useSaveUser(form: FormInstance<UserFormValues>, existing: User | undefined) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const create = useCreateUser();
  const update = useUpdateUser();

  const showServerErrors = (error: unknown) => {
    if (!isApiError(error)) return;
    if (error.code === 'username_taken') form.setFields([{ name: 'username', errors: [t('errors.username_taken')] }]);
    // The server's paths start with the request part (`['body', 'username']`); the field is the last segment.
    const fields = error.validationDetails
      .filter((d) => d.path.length > 0)
      .map((d) => ({
        name: String(d.path[d.path.length - 1]) as keyof UserFormValues,
        errors: [validationText(t, d.message, { min: PASSWORD_MIN })],
      }));
    if (fields.length > 0) form.setFields(fields);
  };

  const save = async (values: UserFormValues): Promise<User | null> => {
    const nickname = values.nickname?.trim() ?? '';
    try {
      const user = existing
        ? await update.mutateAsync({
            id: existing.id,
            body: {
              nickname,
              permission: values.permission,
              status: values.status,
              ...(values.password ? { password: values.password } : {}),
            },
          })
        : await create.mutateAsync({
            username: values.username.trim(),
            nickname: nickname || undefined,
            password: values.password ?? '',
            permission: values.permission,
            status: values.status,
          });
      void message.success(t(existing ? 'common.saved' : 'common.created'));
      return user;
    } catch (error) {
      showServerErrors(error);
      void message.error(actionFailed(t, t(existing ? 'users.actions.save' : 'users.actions.create'), error));
      return null;
    }
  };

  return { save, isSaving: create.isPending || update.isPending };
}
