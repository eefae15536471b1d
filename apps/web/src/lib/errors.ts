import type { TFunction } from 'i18next';
import { isApiError } from './api-client.ts';

/**
 * The text for a failure: the translation of its stable code when there is one (locale area
 * `errors`), else the server's message, else a generic system error.
 */
export function errorText(t: TFunction, error: unknown): string {
  if (isApiError(error)) {
    const key = `errors.${error.code}`;
    if (t(key, { defaultValue: '' })) return t(key);
    if (error.fromServer && error.message) return error.message;
    return t('errors.internal_error');
  }
  if (error instanceof Error && error.message) return error.message;
  return t('errors.internal_error');
}

/** Spec section 8: failures read '{action} failed: {error}'. */
export function actionFailed(t: TFunction, action: string, error: unknown): string {
  return t('common.actionFailed', { action, error: errorText(t, error) });
}

/** The translation of a zod error key (`required`, `username_format`, ...) from the protocol schemas. */
export function validationText(t: TFunction, key: string, values?: Record<string, unknown>): string {
  // A length error names its limit when the schema's issue carries it (schema-rule.ts).
  const path = key === 'too_long' && values?.max === undefined ? 'validation.too_long_unknown' : `validation.${key}`;
  return t(path, { defaultValue: '', ...values }) || t('validation.invalid');
}
