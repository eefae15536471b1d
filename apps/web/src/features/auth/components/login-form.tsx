import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, theme } from 'antd';
// The input and password field alone, not antd's Input index (text area, search, OTP): the login
// route stays light. A plain <form> likewise stands in for antd's Form, whose validation it does not use.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogin } from '../../../lib/auth.ts';
import { loginErrorText } from '../login-error.ts';

/** Username and password; both required (spec section 5), the button shows a logging-in state. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = username.trim();
    if (!trimmed || !password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    login.mutate({ username: trimmed, password }, { onSuccess: onSignedIn });
  };

  const error = missing ? t('auth.credentialsRequired') : login.isError ? loginErrorText(t, login.error) : null;
  const labelStyle = { display: 'block', marginBottom: 8, color: token.colorTextHeading, fontSize: token.fontSizeLG };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Flex vertical gap={24}>
        {error ? <Alert type="error" showIcon title={error} data-testid="login-error" role="alert" /> : null}
        <div>
          <label htmlFor="login-username" style={labelStyle}>
            {t('auth.username')}
          </label>
          <Input
            id="login-username"
            size="large"
            prefix={<UserOutlined />}
            placeholder={t('auth.usernamePlaceholder')}
            autoComplete="username"
            autoFocus
            value={username}
            disabled={login.isPending}
            onChange={(event) => setUsername(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor="login-password" style={labelStyle}>
            {t('auth.password')}
          </label>
          <Password
            id="login-password"
            size="large"
            prefix={<LockOutlined />}
            placeholder={t('auth.passwordPlaceholder')}
            autoComplete="current-password"
            value={password}
            disabled={login.isPending}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <Button type="primary" size="large" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
          {login.isPending ? t('auth.submitting') : t('auth.submit')}
        </Button>
      </Flex>
    </form>
  );
}
