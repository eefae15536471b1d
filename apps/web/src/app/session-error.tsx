import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/errors.ts';

/** GET /me failed for a reason other than a 401: say why and offer a retry. */
export function SessionError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('auth.sessionError')}
      subTitle={errorText(t, error)}
      extra={<Button onClick={() => window.location.reload()}>{t('common.actions.retry')}</Button>}
    />
  );
}
