import { DEFAULT_LOCALE, LOCALES, type Locale } from '@railserve/protocol';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LOCALE_STORAGE_KEY = 'railserve.locale';

export type LocaleTree = { [key: string]: string | LocaleTree };

/**
 * Translations are split by area: `locales/<locale>/<area>.json`. Each file becomes the subtree
 * `<area>` of the one namespace, so keys read `users.form.username`. A new area needs no code:
 * adding the two JSON files is enough.
 */
const files = import.meta.glob<LocaleTree>('../locales/*/*.json', { eager: true, import: 'default' });

export function localeResources(): Record<Locale, LocaleTree> {
  const resources = Object.fromEntries(LOCALES.map((l) => [l, {} as LocaleTree])) as Record<Locale, LocaleTree>;
  for (const [path, tree] of Object.entries(files)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, locale, area] = match;
    if ((LOCALES as readonly string[]).includes(locale)) resources[locale as Locale][area] = tree;
  }
  return resources;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function storedLocale(): Locale {
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export function changeLocale(locale: Locale): Promise<unknown> {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  document.documentElement.lang = locale;
  return i18n.changeLanguage(locale);
}

const resources = localeResources();
const initialLocale = storedLocale();

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(Object.entries(resources).map(([l, tree]) => [l, { translation: tree }])),
  lng: initialLocale,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
if (typeof document !== 'undefined') document.documentElement.lang = initialLocale;

export { i18n };
