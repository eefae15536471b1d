import { LOCALES } from '@railserve/protocol';
import { loadLocale } from '../lib/i18n.ts';

// Both languages' words, loaded once before any test reads them.
await Promise.all(LOCALES.map(loadLocale));
