import { AUDIT_RESULTS, AUDIT_TYPES, LOCALES } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { auditResultLabelKey, auditTypeLabelKey } from './audit-labels.ts';

describe('audit labels', () => {
  it('translates every audit type and result in every locale', () => {
    for (const lng of LOCALES) {
      const t = i18n.getFixedT(lng);
      for (const key of [...AUDIT_TYPES.map(auditTypeLabelKey), ...AUDIT_RESULTS.map(auditResultLabelKey)]) {
        expect(i18n.exists(key, { lng, fallbackLng: [] }), `${lng} ${key}`).toBe(true);
        expect(t(key)).not.toBe(key);
      }
    }
    expect(i18n.getFixedT('zh-TW')('audit.types.system_config')).toBe('系統設定');
    expect(i18n.getFixedT('en')('audit.results.partial')).toBe('Partial');
  });
});
