import { DEFAULT_LOCALE, LOCALES, type Locale } from '@railserve/protocol';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LOCALE_STORAGE_KEY = 'railserve.locale';

export type LocaleTree = { [key: string]: string | LocaleTree };

/**
 * Translations are split by area: `locales/<locale>/<area>.json`. Each file becomes the subtree
 * `<area>` of the one namespace, so keys read `users.form.username`. A new area needs no code:
 * adding the two JSON files is enough. The areas the sign-in screen needs sit in `start/` and load
 * with the app, in both languages; the rest of a language is one chunk (`<locale>/index.ts`) that
 * loads with the signed-in screens or when the language is chosen.
 */
const startFiles = import.meta.glob<LocaleTree>('../locales/*/start/*.json', { eager: true, import: 'default' });
const restChunks = import.meta.glob<Record<string, LocaleTree>>('../locales/*/index.ts', { import: 'default' });
const loading = new Map<Locale, Promise<void>>();

function areas(files: Record<string, LocaleTree>): LocaleTree {
  const tree: LocaleTree = {};
  for (const [file, area] of Object.entries(files)) tree[file.replace(/^.*\/|\.json$/g, '')] = area;
  return tree;
}

function startAreas(locale: Locale): LocaleTree {
  return areas(Object.fromEntries(Object.entries(startFiles).filter(([file]) => file.includes(`/${locale}/`))));
}

/** Every area of a language; the screens that need them wait for this. */
export function loadLocale(locale: Locale): Promise<void> {
  let done = loading.get(locale);
  if (!done) {
    done = restChunks[`../locales/${locale}/index.ts`]().then(
      (files) => {
        i18n.addResourceBundle(locale, 'translation', areas(files), true, true);
      },
      (error: unknown) => {
        loading.delete(locale); // a chunk that failed to load is asked for again next time
        throw error;
      },
    );
    loading.set(locale, done);
  }
  return done;
}

/** Every area of the language shown now, for the signed-in screens. */
export function loadShownLocale(): Promise<void> {
  return loadLocale(isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE);
}

/** Every language's translations, for the tests that compare them. */
export async function localeResources(): Promise<Record<Locale, LocaleTree>> {
  const rest = await Promise.all(LOCALES.map((l) => restChunks[`../locales/${l}/index.ts`]()));
  return Object.fromEntries(LOCALES.map((l, i) => [l, { ...startAreas(l), ...areas(rest[i]) }])) as Record<Locale, LocaleTree>;
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

export async function changeLocale(locale: Locale): Promise<unknown> {
  await loadLocale(locale);
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  document.documentElement.lang = locale;
  return i18n.changeLanguage(locale);
}

const initialLocale = storedLocale();

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: startAreas(l) }])),
  partialBundledLanguages: true,
  lng: initialLocale,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
if (typeof document !== 'undefined') document.documentElement.lang = initialLocale;

export { i18n };
