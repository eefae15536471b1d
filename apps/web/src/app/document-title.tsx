import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useRouteTitleKey } from '../components/ui/page-title.ts';

/** The root route: sets document.title from the matched route's title key, in the current language. */
export function DocumentTitle() {
  const { t } = useTranslation();
  const titleKey = useRouteTitleKey();
  useEffect(() => {
    const app = t('common.appShortTitle');
    document.title = titleKey ? `${t(titleKey)} | ${app}` : app;
  }, [t, titleKey]);
  return <Outlet />;
}
