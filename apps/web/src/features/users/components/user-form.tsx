import { grantableLevels, PASSWORD_MIN, USER_STATUSES, type User } from '@railserve/protocol';
import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EditMode, FormActions } from '../../../components/ui/entity-form-page.tsx';
import { useFormChanges } from '../../../components/ui/unsaved-changes.tsx';
import { roleLabelKey, userStatusLabelKey } from '../../../lib/labels.ts';
import { type UserFormValues, useSaveUser } from '../hooks/use-save-user.ts';
import { userFormRules } from '../model/user-form-rules.ts';

type UserFormProps = {
  mode: EditMode;
  user?: User;
  /** The signed-in user's own account: its status stays active (the server refuses otherwise). */
  isSelf: boolean;
  /** The signed-in user's level: only it and the levels below are offered (the server refuses others). */
  actorPermission: number;
  onDone: (saved: User | null) => void;
};

/** Create, and edit (username fixed, blank password kept); the info view is `UserInfo`. */
export function UserForm({ mode, user, isSelf, actorPermission, onDone }: UserFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFormValues>();
  const { save, isSaving } = useSaveUser(form, mode === 'edit' ? user : undefined);
  const rules = userFormRules(t, mode);
  const levels = grantableLevels(actorPermission);
  const ownLevel = mode === 'edit' && isSelf;
  const initialValues: Partial<UserFormValues> = user
    ? { ...user, nickname: user.nickname ?? '' }
    : { permission: levels.at(-1) ?? 3, status: 'active' };
  const changes = useFormChanges(form, initialValues);

  const onFinish = async (values: UserFormValues) => {
    const saved = await save(values);
    if (!saved) return;
    changes.release();
    onDone(saved);
  };

  return (
    <Form<UserFormValues>
      form={form}
      layout="vertical"
      disabled={isSaving}
      initialValues={initialValues}
      onValuesChange={changes.onValuesChange}
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
        <Input placeholder={t('users.placeholders.nickname')} autoComplete="off" />
      </Form.Item>
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
      <Form.Item
        label={t('users.fields.permission')}
        name="permission"
        rules={rules.permission}
        extra={ownLevel ? t('users.hints.permissionSelf') : undefined}
      >
        <Select
          disabled={ownLevel}
          options={(ownLevel && user ? [user.permission] : levels).map((p) => ({ value: p, label: t(roleLabelKey(p)) }))}
          data-testid="user-permission"
        />
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
        isSaving={isSaving}
        onCancel={() => {
          changes.release();
          onDone(null);
        }}
        saveTestId="user-save"
      />
    </Form>
  );
}
