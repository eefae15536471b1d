import { Flex, theme } from 'antd';
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
      <header style={{ position: 'absolute', top: 16, insetInlineEnd: 16 }}>
        <LanguageSelect />
      </header>
      {/* Plain elements styled from the theme rather than Card and Typography: the login route stays light. */}
      <main
        style={{
          width: '100%',
          maxWidth: 400,
          padding: '32px 28px',
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <Flex vertical align="center" gap={4} style={{ marginBottom: 24, textAlign: 'center' }}>
          <img src="/favicon.svg" alt="" width={48} height={48} />
          <h1 style={{ margin: '8px 0 0', fontSize: token.fontSizeHeading3, fontWeight: 600, color: token.colorTextHeading }}>
            {t('common.appShortTitle')}
          </h1>
          <p style={{ margin: 0, color: token.colorTextSecondary }} data-testid="login-app-title">
            {t('common.appSubtitle')}
          </p>
        </Flex>
        <LoginForm onSignedIn={() => navigate(from && from !== '/login' ? from : '/dashboard', { replace: true })} />
      </main>
    </Flex>
  );
}
