import { Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function AppFooter({ version }: { version?: string }) {
  const { t } = useTranslation();
  return (
    <Layout.Footer style={{ textAlign: 'center', padding: '12px 16px' }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('layout.footer', { year: new Date().getFullYear() })}
        {version ? ` · ${t('layout.version', { version })}` : null}
      </Typography.Text>
    </Layout.Footer>
  );
}
