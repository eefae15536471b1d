import { createUserBody, password } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { schemaError } from '../../../lib/schema-rule.ts';

const t = i18n.getFixedT('en');

describe('user form rules', () => {
  it('username: letters, digits and underscores only', () => {
    expect(schemaError(t, createUserBody.shape.username, 'op_01')).toBeNull();
    expect(schemaError(t, createUserBody.shape.username, 'bad name!')).toBe(
      'Username may contain only letters, digits and underscores',
    );
    expect(schemaError(t, createUserBody.shape.username, '')).toBe('This field is required');
  });

  it('password: at least 6 characters', () => {
    expect(schemaError(t, password, '12345')).toBe('Password must be at least 6 characters');
    expect(schemaError(t, password, '123456')).toBeNull();
  });

  it('a length error names its limit, in both languages', () => {
    const tooLong = 'x'.repeat(65);
    expect(schemaError(t, createUserBody.shape.nickname.unwrap(), tooLong)).toMatch(/^At most \d+ characters$/);
    expect(schemaError(i18n.getFixedT('zh-TW'), createUserBody.shape.nickname.unwrap(), tooLong)).toMatch(
      /^長度不可超過 \d+ 個字元$/,
    );
  });
});
