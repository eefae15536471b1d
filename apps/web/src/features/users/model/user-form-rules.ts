import { createUserBody, PASSWORD_MIN, password as passwordSchema } from '@railserve/protocol';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { validationText } from '../../../lib/errors.ts';

type Schema = { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } };

/** The translated error of a value under a protocol schema; null when it is valid. */
export function schemaError(t: TFunction, schema: Schema, value: unknown): string | null {
  const result = schema.safeParse(value ?? '');
  if (result.success) return null;
  return validationText(t, result.error?.issues[0]?.message ?? 'invalid', { min: PASSWORD_MIN });
}

/** An antd rule that checks a value with a protocol schema; `optional` lets a blank value pass. */
export function schemaRule(t: TFunction, schema: Schema, optional = false): FormRule {
  return {
    validator: async (_rule, value) => {
      if (optional && !value) return;
      const error = schemaError(t, schema, value);
      if (error) throw new Error(error);
    },
  };
}

/** Spec section 5: the confirmation must match ("passwords do not match"). */
export function confirmPasswordRule(t: TFunction): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value) => {
      if ((value ?? '') !== (getFieldValue('password') ?? '')) throw new Error(validationText(t, 'passwords_mismatch'));
    },
  });
}

import type { EditMode } from '../../../components/ui/entity-form-page.tsx';

/** Client-side rules, the same as the server's (protocol createUserBody / updateUserBody). */
export function userFormRules(t: TFunction, mode: EditMode) {
  const required: FormRule = { required: true, message: validationText(t, 'required') };
  return {
    // `required` reports a blank value; the schema rules then only judge what was typed.
    username: mode === 'create' ? [required, schemaRule(t, createUserBody.shape.username, true)] : [],
    nickname: [schemaRule(t, createUserBody.shape.nickname.unwrap(), true)],
    // On edit a blank password keeps the current one.
    password: mode === 'create' ? [required, schemaRule(t, passwordSchema, true)] : [schemaRule(t, passwordSchema, true)],
    confirmPassword: [confirmPasswordRule(t)],
    permission: [required],
    status: [required],
  };
}
