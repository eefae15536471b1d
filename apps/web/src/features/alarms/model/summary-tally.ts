import type { AlarmSummary, ConsoleAlarmsPayload } from '@railserve/protocol';

/** An alarm the feed brings with a first raise at most this old (by the feed's clock) is a new one. */
const FRESH_MS = 60_000;
/** Alarm ids remembered before the memory is emptied (the next read of the count is the truth anyway). */
const COUNTED_MAX = 20_000;

/**
 * The header's count (active, unacknowledged alarms per severity) moved by the alarm feed itself,
 * so a new alarm shows at once rather than after the count is read again: one more for an alarm
 * the feed brings freshly raised, one less when an alarm it counted so is acknowledged or cleared
 * (which it stays for good). An alarm it did not count (raised before the page loaded) moves
 * nothing: the read that follows every change corrects whatever the feed cannot tell.
 */
export function createSummaryTally() {
  const counted = new Set<number>();
  return {
    /** The count after the message's changes, or the same object when they move nothing. */
    apply(summary: AlarmSummary, { ts, alarms }: ConsoleAlarmsPayload): AlarmSummary {
      const next = { ...summary };
      let moved = false;
      for (const alarm of alarms) {
        const open = alarm.active && !alarm.acknowledged;
        if (open && alarm.count === 1 && !counted.has(alarm.id) && Date.parse(ts) - Date.parse(alarm.raisedAt) <= FRESH_MS) {
          if (counted.size >= COUNTED_MAX) counted.clear();
          counted.add(alarm.id);
          next[alarm.severity]++;
          moved = true;
        } else if (!open && counted.delete(alarm.id)) {
          next[alarm.severity] = Math.max(0, next[alarm.severity] - 1);
          moved = true;
        }
      }
      return moved ? next : summary;
    },
  };
}
