import type { LocaleTree } from '../../lib/i18n.ts';

/** The English areas beyond sign-in (`start/`), one chunk loaded when they are first needed. */
export default import.meta.glob<LocaleTree>('./*.json', { eager: true, import: 'default' });
