/**
 * Sign-in attempt limits, checked before any password is hashed (docs/deploy.md, "Sign-in limits"):
 *
 * - per address and username: `perMinute` failed attempts a minute;
 * - per address, any username: `perMinute × 3` a minute, so one client cannot spray usernames;
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

const WINDOW_MS = 60_000;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 60_000;
const STREAK_RESET_MS = 15 * 60_000;
/** Entries kept per map; beyond it the oldest go first, so a flood of names cannot grow memory. */
const MAX_ENTRIES = 50_000;

type Window = { start: number; count: number };
type Streak = { failures: number; notBefore: number; at: number };

export function createLoginThrottle(perMinute: number, now: () => number = Date.now): LoginThrottle {
  const byPair = new Map<string, Window>();
  const byAddress = new Map<string, Window>();
  const byUsername = new Map<string, Streak>();

  const windowOf = (map: Map<string, Window>, key: string) => {
    const t = now();
    let entry = map.get(key);
    if (!entry || t - entry.start >= WINDOW_MS) {
      entry = { start: t, count: 0 };
      map.delete(key);
      bounded(map).set(key, entry);
    }
    return entry;
  };
  const waitOf = (entry: Window, max: number) => (entry.count >= max ? Math.ceil((entry.start + WINDOW_MS - now()) / 1000) : 0);

  return {
    check(ip, username) {
      const name = username.toLowerCase();
      const address = byAddress.get(ip);
      const pair = byPair.get(`${ip}|${name}`);
      const streak = byUsername.get(name);
      const waits = [
        address && now() - address.start < WINDOW_MS ? waitOf(address, perMinute * 3) : 0,
        pair && now() - pair.start < WINDOW_MS ? waitOf(pair, perMinute) : 0,
        streak && streak.notBefore > now() ? Math.ceil((streak.notBefore - now()) / 1000) : 0,
      ];
      const wait = Math.max(...waits);
      // Every attempt that goes ahead counts against the address, whatever the username.
      if (wait === 0) windowOf(byAddress, ip).count++;
      return wait;
    },
    failed(ip, username) {
      const name = username.toLowerCase();
      windowOf(byPair, `${ip}|${name}`).count++;
      const previous = byUsername.get(name);
      // A streak ends after a quiet quarter of an hour: last week's typos do not slow today's sign-in.
      const streak = previous && now() - previous.at < STREAK_RESET_MS ? previous : { failures: 0, notBefore: 0, at: 0 };
      streak.failures++;
      streak.at = now();
      const over = streak.failures - perMinute;
      if (over > 0) streak.notBefore = now() + Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(over - 1, 16));
      byUsername.delete(name);
      bounded(byUsername).set(name, streak);
    },
    succeeded(ip, username) {
      const name = username.toLowerCase();
      byPair.delete(`${ip}|${name}`);
      byUsername.delete(name);
    },
  };
}

function bounded<T>(map: Map<string, T>) {
  while (map.size >= MAX_ENTRIES) {
    const oldest = map.keys().next().value;
    if (oldest === undefined) break;
    map.delete(oldest);
  }
  return map;
}
