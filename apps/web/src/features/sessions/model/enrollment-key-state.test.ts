import { describe, expect, it } from 'vitest';
import { enrollmentKeyState } from './enrollment-key-state.ts';

describe('an enrollment key’s state', () => {
  const now = Date.parse('2026-06-01T12:00:00.000Z');
  const live = { revokedAt: null, expiresAt: '2026-06-02T00:00:00.000Z', usesLeft: 3 };

  it('is active with uses left before its expiry', () => {
    expect(enrollmentKeyState(live, now)).toBe('active');
  });
  it('is used up with no uses left, expired at its expiry, revoked once revoked (revocation first)', () => {
    expect(enrollmentKeyState({ ...live, usesLeft: 0 }, now)).toBe('usedUp');
    expect(enrollmentKeyState({ ...live, expiresAt: '2026-06-01T12:00:00.000Z' }, now)).toBe('expired');
    expect(enrollmentKeyState({ ...live, usesLeft: 0, revokedAt: '2026-05-01T00:00:00.000Z' }, now)).toBe('revoked');
  });
});
