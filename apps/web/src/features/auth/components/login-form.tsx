import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogin } from '../../../lib/auth.ts';
import { loginErrorText } from '../login-error.ts';

type LoginValues = { username: string; password: string };

/** Username and password; both required (spec section 5), the button shows a logging-in state. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const login = useLogin();
  const [missing, setMissing] = useState(false);

  const onFinish = ({ username = '', password = '' }: Partial<LoginValues>) => {
    const trimmed = username.trim();
    if (!trimmed || !password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    login.mutate({ username: trimmed, password }, { onSuccess: onSignedIn });
  };

  const error = missing ? t('auth.credentialsRequired') : login.isError ? loginErrorText(t, login.error) : null;

  return (
    <Form<LoginValues> layout="vertical" requiredMark={false} onFinish={onFinish} disabled={login.isPending} size="large">
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" /> : null}
      <Form.Item label={t('auth.username')} name="username">
        <Input prefix={<UserOutlined />} placeholder={t('auth.usernamePlaceholder')} autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item label={t('auth.password')} name="password">
        <Input.Password prefix={<LockOutlined />} placeholder={t('auth.passwordPlaceholder')} autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
        {login.isPending ? t('auth.submitting') : t('auth.submit')}
      </Button>
    </Form>
  );
}
