import { createAttemptThrottle } from '../../lib/attempt-throttle.ts';

/**
 * Sign-in attempt limits, checked before any password is hashed (docs/deploy.md, "Sign-in limits"),
 * on the shared attempt throttle (lib/attempt-throttle.ts) with the address as the source and the
 * username (any letter case) as the subject:
 *
 * - per address and username: `perMinute` failed attempts a minute;
 * - per address, any username: `perMinute × 3` attempts a minute, so one client cannot spray usernames;
 * - per username, any address: after `perMinute` failures in a row each further attempt waits a
 *   delay that doubles from 1 s up to 60 s. Refused attempts do not lengthen it and a success
 *   clears it, so an attacker gets one guess a minute while the real user still gets in.
 *
 * The address is the request's trusted address (TRUST_PROXY): a spoofed X-Forwarded-For changes nothing.
 */
export type LoginThrottle = {
  /** Seconds to wait, or 0 when the attempt may go ahead. */
  check(ip: string, username: string): number;
  failed(ip: string, username: string): void;
  succeeded(ip: string, username: string): void;
};

export function createLoginThrottle(perMinute: number, now: () => number = Date.now): LoginThrottle {
  const throttle = createAttemptThrottle({ perMinute, sourceCounts: 'attempts', now });
  return {
    check: (ip, username) => throttle.check([ip], username.toLowerCase()),
    failed: (ip, username) => throttle.failed([ip], username.toLowerCase()),
    succeeded: (ip, username) => throttle.succeeded([ip], username.toLowerCase()),
  };
}
