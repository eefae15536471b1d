import type { Alarm, ConsoleAlarmsPayload } from '@railserve/protocol';

/** New critical alarms gather this long from the first one: a storm is one notification. */
export const NOTIFY_GATHER_MS = 1000;
/** An alarm raised longer ago than this (by the feed's own clock) is old news, not a new alarm. */
const FRESH_MS = 60_000;
/** Alarm ids remembered (not to notify one twice) before the memory is emptied. */
const SEEN_MAX = 20_000;

/** What one notification says: how many new critical alarms, on how many tracks, and the alarm when there is one. */
export type CriticalBurst = { count: number; tracks: number; first: Alarm };

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
 */
export function createCriticalNotifier(notify: (burst: CriticalBurst) => void, gatherMs = NOTIFY_GATHER_MS) {
  const seen = new Set<number>();
  let pending: Alarm[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const alarms = pending;
    pending = [];
    if (alarms.length === 0) return;
    const tracks = new Set(alarms.map((a) => a.trackId).filter((id) => id !== null)).size;
    notify({ count: alarms.length, tracks, first: alarms[0] });
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
