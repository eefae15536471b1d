import { LOCALES, type Locale } from '@railserve/protocol';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLocale, isLocale } from '../../lib/i18n.ts';

const SHORT_LABELS: Record<Locale, string> = { 'zh-TW': '中', en: 'EN' };

type LanguageSelectProps = { compact?: boolean };

/**
 * The language selector of the header and the login screen: both languages side by side, one
 * click to switch (a segmented control is also far lighter than a select on the login route).
 * `compact` shows short labels, each language's full name staying its tooltip.
 */
export function LanguageSelect({ compact = false }: LanguageSelectProps) {
  const { t, i18n } = useTranslation();
  const current: Locale = isLocale(i18n.language) ? i18n.language : LOCALES[0];
  return (
    <Segmented<Locale>
      aria-label={t('common.language')}
      data-testid="language-select"
      size="small"
      value={current}
      onChange={(locale) => void changeLocale(locale)}
      options={LOCALES.map((locale) => {
        const name = t(`common.languages.${locale}`);
        return { value: locale, label: compact ? SHORT_LABELS[locale] : name, title: name };
      })}
    />
  );
}
