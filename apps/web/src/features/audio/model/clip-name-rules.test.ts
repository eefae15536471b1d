import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { clipNameRules } from './clip-name-rules.ts';

const check = (custom: boolean, value: string, lang = 'en') => {
  const rule = clipNameRules(i18n.getFixedT(lang), ['A1'], custom)[1] as RuleObject;
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

  it('refuse paths, controls, bidi overrides and invisible-only names with the protocol schema, in words', async () => {
    await expect(check(true, 'menu/today')).rejects.toThrow(/folder|path|\//i);
    await expect(check(true, 'x..y')).rejects.toThrow(/folder|path|\.\./i);
    await expect(check(true, 'evil\u202egnp')).rejects.toThrow(/characters/i);
    await expect(check(true, 'a\u0007')).rejects.toThrow(/characters/i);
    await expect(check(true, '\u200b\ufeff')).rejects.toThrow(/name/i);
    await expect(check(true, 'x'.repeat(65))).rejects.toThrow(/64/);
    await expect(check(true, '歡迎光臨')).resolves.toBeUndefined();
  });

  it('reserve system clip names in any letter case for a custom clip', async () => {
    await expect(check(true, 'Running')).rejects.toThrow(/system/i);
    await expect(check(true, 'MEAL_ARRIVED', 'zh-TW')).rejects.toThrow(/系統/);
  });

  it('answer in Chinese with no code left in the text', async () => {
    const failure = await check(true, 'a/b', 'zh-TW')?.catch((error: Error) => error.message);
    expect(failure).toMatch(/[\u4e00-\u9fff]/);
    expect(failure).not.toMatch(/[a-z]_[a-z]/);
  });
});
