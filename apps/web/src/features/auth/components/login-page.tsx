import { Card, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LanguageSelect } from '../../../components/ui/language-select.tsx';
import { LoginForm } from './login-form.tsx';

export function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;

  return (
    <Flex
      vertical
      align="center"
      justify="center"
      style={{
        minHeight: '100vh',
        padding: 16,
        background: `linear-gradient(160deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 60%)`,
      }}
    >
      <div style={{ position: 'absolute', top: 16, insetInlineEnd: 16 }}>
        <LanguageSelect />
      </div>
      <Card style={{ width: '100%', maxWidth: 400 }} styles={{ body: { padding: '32px 28px' } }}>
        <Flex vertical align="center" gap={4} style={{ marginBottom: 24, textAlign: 'center' }}>
          <img src="/favicon.svg" alt="" width={48} height={48} />
          <Typography.Title level={3} style={{ margin: '8px 0 0' }}>
            {t('common.appShortTitle')}
          </Typography.Title>
          <Typography.Text type="secondary" data-testid="login-app-title">
            {t('common.appSubtitle')}
          </Typography.Text>
        </Flex>
        <LoginForm onSignedIn={() => navigate(from && from !== '/login' ? from : '/dashboard', { replace: true })} />
      </Card>
    </Flex>
  );
}
