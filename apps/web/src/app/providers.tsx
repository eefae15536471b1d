import type { Locale } from '@railserve/protocol';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhTW from 'antd/locale/zh_TW';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrokerProvider } from '../lib/broker-context.tsx';
import { setMessageApi } from '../lib/feedback.ts';
import { isLocale } from '../lib/i18n.ts';
import type { BrokerStore } from '../lib/mqtt.ts';

const ANTD_LOCALES = { 'zh-TW': zhTW, en: enUS } satisfies Record<Locale, unknown>;

/** Hands antd's context-aware message API to code outside React (lib/feedback.ts). */
function FeedbackBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => {
    setMessageApi(message);
    return () => setMessageApi(null);
  }, [message]);
  return null;
}

type ProvidersProps = { queryClient: QueryClient; broker: BrokerStore; children: ReactNode };

export function Providers({ queryClient, broker, children }: ProvidersProps) {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'zh-TW';
  return (
    <ConfigProvider locale={ANTD_LOCALES[locale]}>
      <AntdApp>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <BrokerProvider store={broker}>{children}</BrokerProvider>
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
