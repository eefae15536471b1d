import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { i18n } from '../../lib/i18n.ts';
import { loginErrorText } from './login-error.ts';

const t = i18n.getFixedT('en');

describe('loginErrorText', () => {
  it('translates the known codes', () => {
    expect(loginErrorText(t, new ApiError(401, 'invalid_credentials', 'x', undefined, true))).toBe(
      'Login failed, please check your username and password',
    );
    expect(loginErrorText(t, new ApiError(403, 'user_inactive', 'x', undefined, true))).toBe('This account is inactive');
    expect(loginErrorText(t, new ApiError(429, 'too_many_requests', 'x', undefined, true))).toBe(
      'Too many attempts, please try again later',
    );
  });

  it('network error: retry later; server failure: system error', () => {
    expect(loginErrorText(t, new ApiError(0, 'network_error', 'Failed to fetch'))).toBe('Network error, please try again later');
    expect(loginErrorText(t, new ApiError(500, 'internal_error', 'boom', undefined, true))).toBe(
      'System error, please try again later',
    );
    expect(loginErrorText(t, new Error('bug'))).toBe('System error, please try again later');
  });

  it("shows the server's message when present, otherwise 'login failed'", () => {
    expect(loginErrorText(t, new ApiError(400, 'bad_request', 'Account locked by policy', undefined, true))).toBe(
      'Account locked by policy',
    );
    expect(loginErrorText(t, new ApiError(404, 'bad_response', 'Not Found'))).toBe(
      'Login failed, please check your username and password',
    );
  });
});
