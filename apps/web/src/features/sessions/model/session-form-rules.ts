import { createSessionBody } from '@railserve/protocol';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { validationText } from '../../../lib/errors.ts';

type Schema = { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } };

/** A protocol error key in words: the sessions area's own keys first, then the shared ones. */
export function sessionValidationText(t: TFunction, key: string): string {
  return t(`sessions.validation.${key}`, { defaultValue: '' }) || validationText(t, key);
}

function schemaRule(t: TFunction, schema: Schema, optional = false): FormRule {
  return {
    validator: async (_rule, value) => {
      if (optional && !value) return;
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(sessionValidationText(t, result.error?.issues[0]?.message ?? 'invalid'));
    },
  };
}

/** The form checks what the server checks, with the same protocol schemas. */
export function sessionFormRules(t: TFunction) {
  const { shape } = createSessionBody;
  const required: FormRule = { required: true, message: validationText(t, 'required') };
  return {
    code: [required, schemaRule(t, shape.code)],
    name: [required, schemaRule(t, shape.name)],
    mac: [required, schemaRule(t, shape.mac)],
    note: [schemaRule(t, shape.note.unwrap(), true)],
  };
}
