import type { EnrollmentKey } from '@railserve/protocol';

export type EnrollmentKeyState = 'active' | 'revoked' | 'expired' | 'usedUp';

/** Whether a key still enrols: not revoked, not expired, uses left. Only an active key can be revoked. */
export function enrollmentKeyState(key: Pick<EnrollmentKey, 'revokedAt' | 'expiresAt' | 'usesLeft'>, now = Date.now()) {
  if (key.revokedAt) return 'revoked' satisfies EnrollmentKeyState;
  if (new Date(key.expiresAt).getTime() <= now) return 'expired' satisfies EnrollmentKeyState;
  if (key.usesLeft <= 0) return 'usedUp' satisfies EnrollmentKeyState;
  return 'active' satisfies EnrollmentKeyState;
}
