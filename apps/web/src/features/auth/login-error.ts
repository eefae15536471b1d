import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api-client.ts';

const TRANSLATED_CODES = new Set(['invalid_credentials', 'user_inactive', 'too_many_requests']);

/**
 * The login screen's message for a failed sign-in (spec section 8): a known code in the
 * interface language, a network error, a server error, the server's own message, or by default
 * "login failed, check your credentials".
 */
export function loginErrorText(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('auth.systemError');
  if (error.code === 'network_error') return t('auth.networkError');
  if (TRANSLATED_CODES.has(error.code)) return t(`errors.${error.code}`);
  if (error.code === 'validation_failed') return t('auth.credentialsRequired');
  if (error.status >= 500) return t('auth.systemError');
  if (error.fromServer && error.message) return error.message;
  return t('auth.loginFailed');
}
