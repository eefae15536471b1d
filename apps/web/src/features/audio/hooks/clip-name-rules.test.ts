import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { clipNameRules } from './clip-name-rules.ts';

const check = (custom: boolean, value: string) => {
  const rule = clipNameRules(i18n.getFixedT('en'), ['A1'], custom)[2] as RuleObject;
  return rule.validator?.(rule, value, () => undefined);
};

describe('clip name rules', () => {
  it('refuse a custom clip named like a table of the map, in words', async () => {
    await expect(check(true, ' A1 ')).rejects.toThrow(/table/i);
    await expect(check(true, 'Welcome')).resolves.toBeUndefined();
  });

  it('let a table clip take its table’s name', async () => {
    await expect(check(false, 'A1')).resolves.toBeUndefined();
  });
});
