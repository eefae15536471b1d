import { createUserBody, password as passwordSchema } from '@railserve/protocol';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { EditMode } from '../../../components/ui/entity-form-page.tsx';
import { validationText } from '../../../lib/errors.ts';
import { schemaRule } from '../../../lib/schema-rule.ts';

/** Spec section 5: the confirmation must match ("passwords do not match"). */
export function confirmPasswordRule(t: TFunction): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value) => {
      if ((value ?? '') !== (getFieldValue('password') ?? '')) throw new Error(validationText(t, 'passwords_mismatch'));
    },
  });
}

/** Client-side rules, the same as the server's (protocol createUserBody / updateUserBody). */
export function userFormRules(t: TFunction, mode: EditMode) {
  const required: FormRule = { required: true, message: validationText(t, 'required') };
  return {
    // `required` reports a blank value; the schema rules then only judge what was typed.
    username: mode === 'create' ? [required, schemaRule(t, createUserBody.shape.username, { optional: true })] : [],
    nickname: [schemaRule(t, createUserBody.shape.nickname.unwrap(), { optional: true })],
    // On edit a blank password keeps the current one.
    password:
      mode === 'create'
        ? [required, schemaRule(t, passwordSchema, { optional: true })]
        : [schemaRule(t, passwordSchema, { optional: true })],
    confirmPassword: [confirmPasswordRule(t)],
    permission: [required],
    status: [required],
  };
}
