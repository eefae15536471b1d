import { describe, expect, it, vi } from 'vitest';
import { fakeToken, tokenFor } from '../testing/tokens.ts';
import { dropExpiredToken, isTokenExpired, readTokenExpiry, TOKEN_STORAGE_KEY, tokenStore } from './session.ts';

describe('token exp check', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);

  it('a token whose exp is in the future is not expired', () => {
    expect(isTokenExpired(tokenFor(0, 60, now), now)).toBe(false);
  });

  it('a token whose exp is past (or now) is expired', () => {
    expect(isTokenExpired(tokenFor(0, -1, now), now)).toBe(true);
    expect(isTokenExpired(fakeToken({ sub: '1', username: 'a', permission: 0, exp: now / 1000 }), now)).toBe(true);
  });

  it('an unreadable token or one without exp counts as expired', () => {
    expect(isTokenExpired('not-a-jwt', now)).toBe(true);
    expect(isTokenExpired('a.b.c', now)).toBe(true);
    expect(isTokenExpired(fakeToken({ sub: '1', username: 'a', permission: 0 }), now)).toBe(true);
  });

  it('reads the expiry of a token with non-ASCII claims, and refuses an exp that is not a number', () => {
    const token = fakeToken({ sub: '7', username: 'op', permission: 2, exp: 2_000_000_000, note: '軌道' });
    expect(readTokenExpiry(token)).toBe(2_000_000_000);
    expect(readTokenExpiry(fakeToken({ sub: '7', exp: '2000000000' }))).toBeNull();
  });
});

describe('tokenStore', () => {
  it('keeps the token in localStorage under railserve.token and notifies listeners', () => {
    const listener = vi.fn();
    const off = tokenStore.subscribe(listener);
    tokenStore.set('abc');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('abc');
    expect(tokenStore.get()).toBe('abc');
    tokenStore.clear();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(tokenStore.get()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    off();
  });

  it('dropExpiredToken signs out at start when the stored token is expired, and keeps a valid one', () => {
    tokenStore.set(tokenFor(0, -10));
    dropExpiredToken();
    expect(tokenStore.get()).toBeNull();
    const valid = tokenFor(0, 600);
    tokenStore.set(valid);
    dropExpiredToken();
    expect(tokenStore.get()).toBe(valid);
    tokenStore.clear();
  });

  it('reload picks up a change made in another tab', () => {
    tokenStore.clear();
    localStorage.setItem(TOKEN_STORAGE_KEY, 'from-other-tab');
    tokenStore.reload();
    expect(tokenStore.get()).toBe('from-other-tab');
    tokenStore.clear();
  });
});
