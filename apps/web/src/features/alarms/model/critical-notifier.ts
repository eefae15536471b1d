import type { Alarm, ConsoleAlarmsPayload } from '@railserve/protocol';

/** New critical alarms gather this long from the first one before they are shown. */
export const NOTIFY_GATHER_MS = 1000;
/**
 * A storm goes on while its new critical alarms come within this of each other: a server writing
 * thousands of them brings them over several seconds, and they join the notification on screen
 * (its count grows) instead of making new ones with a sound each.
 */
export const STORM_QUIET_MS = 30_000;
/** An alarm raised longer ago than this (by the feed's own clock) is old news, not a new alarm. */
const FRESH_MS = 60_000;
/** Alarm ids remembered (not to notify one twice) before the memory is emptied. */
const SEEN_MAX = 20_000;

/**
 * What one notification says: how many new critical alarms, on how many tracks, and the first of
 * them. `joined` when they joined a storm already shown: the count and tracks are then the storm's
 * so far, and the notification on screen is updated without a new sound or browser notification.
 */
export type CriticalBurst = { count: number; tracks: number; first: Alarm; joined: boolean };

/**
 * Whether an alarm in the feed is a new critical one that should notify: freshly raised, not
 * acknowledged, and neither suppressed (inhibited), flapping nor in maintenance.
 */
export function notifies(alarm: Alarm, feedTs: string): boolean {
  return (
    alarm.severity === 'critical' &&
    alarm.active &&
    !alarm.acknowledged &&
    alarm.count === 1 &&
    !alarm.suppressed &&
    !alarm.flapping &&
    !alarm.maintenance &&
    Date.parse(feedTs) - Date.parse(alarm.raisedAt) <= FRESH_MS
  );
}

/**
 * Gathers the alarm feed's new critical alarms for NOTIFY_GATHER_MS from the first one and calls
 * `notify` once with the whole burst: 12 robots raising at once are one notification, not 12.
 * Bursts within STORM_QUIET_MS of the last one join its storm (`joined`).
 */
export function createCriticalNotifier(notify: (burst: CriticalBurst) => void, gatherMs = NOTIFY_GATHER_MS) {
  const seen = new Set<number>();
  let pending: Alarm[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let storm: { count: number; tracks: Set<number>; first: Alarm; lastAt: number } | undefined;
  const flush = () => {
    timer = undefined;
    const alarms = pending;
    pending = [];
    if (alarms.length === 0) return;
    const now = Date.now();
    const joined = storm !== undefined && now - storm.lastAt <= STORM_QUIET_MS;
    if (!storm || !joined) storm = { count: 0, tracks: new Set(), first: alarms[0], lastAt: now };
    storm.count += alarms.length;
    storm.lastAt = now;
    for (const a of alarms) if (a.trackId !== null) storm.tracks.add(a.trackId);
    notify({ count: storm.count, tracks: storm.tracks.size, first: storm.first, joined });
  };
  return {
    take(payload: ConsoleAlarmsPayload) {
      for (const alarm of payload.alarms) {
        if (seen.has(alarm.id) || !notifies(alarm, payload.ts)) continue;
        if (seen.size >= SEEN_MAX) seen.clear();
        seen.add(alarm.id);
        pending.push(alarm);
      }
      if (pending.length > 0) timer ??= setTimeout(flush, gatherMs);
    },
    dispose() {
      clearTimeout(timer);
      timer = undefined;
      pending = [];
    },
  };
}
