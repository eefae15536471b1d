import { createSessionBody } from '@railserve/protocol';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { validationText } from '../../../lib/errors.ts';
import { schemaRule } from '../../../lib/schema-rule.ts';

/** A protocol error key in words: the sessions area's own keys first, then the shared ones. */
export function sessionValidationText(t: TFunction, key: string): string {
  return t(`sessions.validation.${key}`, { defaultValue: '' }) || validationText(t, key);
}

/** The form checks what the server checks, with the same protocol schemas. */
export function sessionFormRules(t: TFunction) {
  const { shape } = createSessionBody;
  const words = (key: string, values: Record<string, unknown>) =>
    t(`sessions.validation.${key}`, { defaultValue: '', ...values });
  const required: FormRule = { required: true, message: validationText(t, 'required') };
  return {
    code: [required, schemaRule(t, shape.code, { words })],
    name: [required, schemaRule(t, shape.name, { words })],
    mac: [required, schemaRule(t, shape.mac, { words })],
    note: [schemaRule(t, shape.note.unwrap(), { optional: true, words })],
  };
}
