import type { Locale } from '@railserve/protocol';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/en';
import 'dayjs/locale/zh-tw';
import zhTW from 'antd/es/locale/zh_TW';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../lib/i18n.ts';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { STILL_THEME, THEME } from './theme.ts';

const ANTD_LOCALES = { 'zh-TW': zhTW, en: enUS } satisfies Record<Locale, unknown>;
/** dayjs names the months and weekdays in antd's date pickers: it follows the language too. */
const DAYJS_LOCALES = { 'zh-TW': 'zh-tw', en: 'en' } satisfies Record<Locale, string>;

type ProvidersProps = { queryClient: QueryClient; children: ReactNode };

export function Providers({ queryClient, children }: ProvidersProps) {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'zh-TW';
  const still = useMediaQuery('(prefers-reduced-motion: reduce)');
  // Set during render, before the pickers below render with it.
  if (dayjs.locale() !== DAYJS_LOCALES[locale]) dayjs.locale(DAYJS_LOCALES[locale]);
  return (
    <ConfigProvider locale={ANTD_LOCALES[locale]} theme={still ? STILL_THEME : THEME}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
