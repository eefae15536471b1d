/**
 * Limits on guessing a secret (a password, a verification code), checked before the secret is
 * compared. An attempt names its sources (who and from where: an address, an identity) and its
 * subject (what is guessed: a username, an update record):
 *
 * - per source and subject: `perMinute` failed attempts a minute;
 * - per source, any subject: `perMinute × 3` a minute, so one client cannot spray subjects.
 *   `sourceCounts: 'attempts'` counts every attempt that goes ahead (sign-in); `'failures'`
 *   counts only the wrong ones, so many devices behind one address that download correctly are
 *   never slowed;
 * - per subject, any source: after `perMinute` failures in a row each further attempt waits a
 *   delay that doubles from 1 s up to 60 s. Refused attempts do not lengthen it and a success
 *   clears it, so an attacker gets one guess a minute while the rightful owner still gets in.
 *
 * Memory is bounded: each map keeps at most MAX_ENTRIES keys, the oldest going first.
 */
export type AttemptThrottle = {
  /** Seconds to wait, or 0 when the attempt may go ahead. */
  check(sources: readonly string[], subject: string): number;
  failed(sources: readonly string[], subject: string): void;
  succeeded(sources: readonly string[], subject: string): void;
};

export type AttemptThrottleOptions = {
  perMinute: number;
  sourceCounts: 'attempts' | 'failures';
  now?: () => number;
};

const WINDOW_MS = 60_000;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 60_000;
const STREAK_RESET_MS = 15 * 60_000;
const SOURCE_FACTOR = 3;
/** Entries kept per map; beyond it the oldest go first, so a flood of names cannot grow memory. */
const MAX_ENTRIES = 50_000;

type Window = { start: number; count: number };
type Streak = { failures: number; notBefore: number; at: number };

export function createAttemptThrottle({ perMinute, sourceCounts, now = Date.now }: AttemptThrottleOptions): AttemptThrottle {
  const byPair = new Map<string, Window>();
  const bySource = new Map<string, Window>();
  const bySubject = new Map<string, Streak>();

  const windowOf = (map: Map<string, Window>, key: string) => {
    const t = now();
    let entry = map.get(key);
    if (!entry || t - entry.start >= WINDOW_MS) {
      entry = { start: t, count: 0 };
      map.delete(key);
      boundedMap(map).set(key, entry);
    }
    return entry;
  };
  const waitOf = (entry: Window | undefined, max: number) =>
    entry && now() - entry.start < WINDOW_MS && entry.count >= max ? Math.ceil((entry.start + WINDOW_MS - now()) / 1000) : 0;

  return {
    check(sources, subject) {
      const streak = bySubject.get(subject);
      const waits = [
        ...sources.map((source) => waitOf(bySource.get(source), perMinute * SOURCE_FACTOR)),
        ...sources.map((source) => waitOf(byPair.get(`${source}|${subject}`), perMinute)),
        streak && streak.notBefore > now() ? Math.ceil((streak.notBefore - now()) / 1000) : 0,
      ];
      const wait = Math.max(...waits);
      // Counting attempts: every one that goes ahead counts against its sources, whatever the subject.
      if (wait === 0 && sourceCounts === 'attempts') for (const source of sources) windowOf(bySource, source).count++;
      return wait;
    },
    failed(sources, subject) {
      for (const source of sources) {
        windowOf(byPair, `${source}|${subject}`).count++;
        if (sourceCounts === 'failures') windowOf(bySource, source).count++;
      }
      const previous = bySubject.get(subject);
      // A streak ends after a quiet quarter of an hour: last week's typos do not slow today's attempt.
      const streak = previous && now() - previous.at < STREAK_RESET_MS ? previous : { failures: 0, notBefore: 0, at: 0 };
      streak.failures++;
      streak.at = now();
      const over = streak.failures - perMinute;
      if (over > 0) streak.notBefore = now() + Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(over - 1, 16));
      bySubject.delete(subject);
      boundedMap(bySubject).set(subject, streak);
    },
    succeeded(sources, subject) {
      for (const source of sources) byPair.delete(`${source}|${subject}`);
      bySubject.delete(subject);
    },
  };
}

/** The map, its oldest keys dropped until there is room for one more. */
export function boundedMap<T>(map: Map<string, T>, max = MAX_ENTRIES) {
  while (map.size >= max) {
    const oldest = map.keys().next().value;
    if (oldest === undefined) break;
    map.delete(oldest);
  }
  return map;
}
