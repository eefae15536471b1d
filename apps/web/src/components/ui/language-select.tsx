import { GlobalOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@railserve/protocol';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLocale, isLocale } from '../../lib/i18n.ts';

const SHORT_LABELS: Record<Locale, string> = { 'zh-TW': '中', en: 'EN' };

type LanguageSelectProps = { variant?: 'outlined' | 'borderless'; compact?: boolean };

/** The language selector of the header and the login screen; `compact` shows a short label. */
export function LanguageSelect({ variant = 'outlined', compact = false }: LanguageSelectProps) {
  const { t, i18n } = useTranslation();
  const current: Locale = isLocale(i18n.language) ? i18n.language : LOCALES[0];
  return (
    <Select<Locale>
      aria-label={t('common.language')}
      data-testid="language-select"
      value={current}
      variant={variant}
      prefix={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      labelRender={compact ? ({ value }) => (isLocale(value) ? SHORT_LABELS[value] : String(value)) : undefined}
      onChange={(locale) => void changeLocale(locale)}
      options={LOCALES.map((locale) => ({ value: locale, label: t(`common.languages.${locale}`) }))}
    />
  );
}
