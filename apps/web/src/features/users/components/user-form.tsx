import { PASSWORD_MIN, PERMISSIONS, USER_STATUSES, type User } from '@railserve/protocol';
import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormActions, type FormMode } from '../../../components/ui/entity-form-page.tsx';
import { roleLabelKey, userStatusLabelKey } from '../../../lib/labels.ts';
import { type UserFormValues, useSaveUser } from '../hooks/use-save-user.ts';
import { userFormRules } from '../hooks/user-form-rules.ts';

type UserFormProps = {
  mode: FormMode;
  user?: User;
  /** The signed-in user's own account: its status stays active (the server refuses otherwise). */
  isSelf: boolean;
  canEdit: boolean;
  onDone: (saved: User | null) => void;
  onEdit: () => void;
};

/** One form in three modes: create, edit (username fixed, blank password kept) and read-only info. */
export function UserForm({ mode, user, isSelf, canEdit, onDone, onEdit }: UserFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFormValues>();
  const { save, isSaving } = useSaveUser(form, mode === 'edit' ? user : undefined);
  const rules = userFormRules(t, mode);
  const readOnly = mode === 'info';

  const onFinish = async (values: UserFormValues) => {
    const saved = await save(values);
    if (saved) onDone(saved);
  };

  return (
    <Form<UserFormValues>
      form={form}
      layout="vertical"
      requiredMark={!readOnly}
      disabled={readOnly || isSaving}
      initialValues={user ? { ...user, nickname: user.nickname ?? '' } : { permission: 3, status: 'active' }}
      onFinish={onFinish}
      style={{ maxWidth: 560 }}
      data-testid="user-form"
    >
      <Form.Item
        label={t('users.fields.username')}
        name="username"
        rules={rules.username}
        extra={mode === 'edit' ? t('users.hints.usernameFixed') : undefined}
      >
        <Input disabled={mode !== 'create'} placeholder={t('users.placeholders.username')} autoComplete="off" />
      </Form.Item>
      <Form.Item label={t('users.fields.nickname')} name="nickname" rules={rules.nickname}>
        <Input placeholder={readOnly ? undefined : t('users.placeholders.nickname')} autoComplete="off" />
      </Form.Item>
      {readOnly ? null : (
        <>
          <Form.Item
            label={t('users.fields.password')}
            name="password"
            rules={rules.password}
            extra={mode === 'edit' ? t('users.hints.passwordKeep') : undefined}
          >
            <Input.Password
              placeholder={
                mode === 'edit' ? t('users.placeholders.passwordKeep') : t('users.placeholders.password', { min: PASSWORD_MIN })
              }
              autoComplete="new-password"
            />
          </Form.Item>
          <Form.Item
            label={t('users.fields.confirmPassword')}
            name="confirmPassword"
            dependencies={['password']}
            rules={rules.confirmPassword}
          >
            <Input.Password placeholder={t('users.placeholders.confirmPassword')} autoComplete="new-password" />
          </Form.Item>
        </>
      )}
      <Form.Item label={t('users.fields.permission')} name="permission" rules={rules.permission}>
        <Select options={PERMISSIONS.map((p) => ({ value: p, label: t(roleLabelKey(p)) }))} />
      </Form.Item>
      <Form.Item
        label={t('users.fields.status')}
        name="status"
        rules={rules.status}
        extra={mode === 'edit' && isSelf ? t('users.hints.statusSelf') : undefined}
      >
        <Radio.Group
          disabled={mode === 'edit' && isSelf}
          optionType="button"
          options={USER_STATUSES.map((s) => ({ value: s, label: t(userStatusLabelKey(s)) }))}
        />
      </Form.Item>
      <FormActions
        readOnly={readOnly}
        canEdit={canEdit}
        isSaving={isSaving}
        onEdit={onEdit}
        onCancel={() => onDone(null)}
        saveTestId="user-save"
      />
    </Form>
  );
}
