import { PASSWORD_MIN } from '@railserve/protocol';
import { Alert, Button, Card, Flex, Form, Input, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/ui/language-select.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { confirmLeavingUnsaved, UnsavedChangesPrompt, useFormChanges } from '../../../components/ui/unsaved-changes.tsx';
import { useLogout } from '../../../lib/auth.ts';
import { errorText, validationText } from '../../../lib/errors.ts';
import { useChangeOwnPassword } from '../api/change-password.ts';

type Values = { currentPassword: string; password: string; confirmPassword: string };

/**
 * Shown instead of the console while the account still has a generated password: the server
 * refuses everything else (code password_change_required) until a new one is chosen.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const change = useChangeOwnPassword();
  const logout = useLogout(() => {});
  const [form] = Form.useForm<Values>();
  // Typed passwords are changes: leaving (the browser's back, closing the tab, signing out) asks first.
  const changes = useFormChanges(form, {});

  const onFinish = ({ currentPassword, password }: Values) =>
    change.mutate({ currentPassword, password }, { onSuccess: () => changes.release() });
  const signOut = async () => {
    if (await confirmLeavingUnsaved()) void logout();
  };

  return (
    <Flex vertical align="center" justify="center" style={{ minHeight: '100vh', padding: 16, background: token.colorBgLayout }}>
      <div style={{ position: 'absolute', top: 16, insetInlineEnd: 16 }}>
        <LanguageSelect />
      </div>
      <Card style={{ width: '100%', maxWidth: 420 }} data-testid="change-password">
        <PageHeading>{t('auth.changePassword.title')}</PageHeading>
        <Typography.Paragraph type="secondary">{t('auth.changePassword.reason')}</Typography.Paragraph>
        {change.isError ? <Alert type="error" showIcon title={errorText(t, change.error)} style={{ marginBottom: 16 }} /> : null}
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={onFinish}
          onValuesChange={changes.onValuesChange}
          disabled={change.isPending}
          requiredMark={false}
        >
          <Form.Item
            label={t('auth.changePassword.current')}
            name="currentPassword"
            rules={[{ required: true, message: validationText(t, 'required') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            label={t('auth.changePassword.new')}
            name="password"
            rules={[
              { required: true, message: validationText(t, 'required') },
              { min: PASSWORD_MIN, message: validationText(t, 'password_too_short', { min: PASSWORD_MIN }) },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label={t('auth.changePassword.confirm')}
            name="confirmPassword"
            dependencies={['password']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value) => {
                  if ((value ?? '') !== (getFieldValue('password') ?? ''))
                    throw new Error(validationText(t, 'passwords_mismatch'));
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Flex gap={8} justify="space-between">
            <Button onClick={() => void signOut()}>{t('auth.logout')}</Button>
            <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="change-password-submit">
              {t('auth.changePassword.submit')}
            </Button>
          </Flex>
        </Form>
      </Card>
      <UnsavedChangesPrompt />
    </Flex>
  );
}
