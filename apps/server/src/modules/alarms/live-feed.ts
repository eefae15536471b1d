import type { Alarm, ConsoleAlarmsPayload } from '@railserve/protocol';

/** Changes gather this long after a message: a storm of thousands of alarms is a few messages. */
export const ALARM_FEED_GATHER_MS = 100;
/** The most alarms one message carries. */
export const ALARM_FEED_MAX = 500;

/**
 * The consoles' alarm feed (`hcpro4/console/alarms`): the newest state of each alarm that changed,
 * in messages of at most ALARM_FEED_MAX alarms. A change after a quiet spell goes at the end of the
 * tick that made it (with the rest of its batch), so a lone alarm reaches the header at once; one
 * within ALARM_FEED_GATHER_MS of the last message waits for the rest of that spell.
 */
export function createAlarmFeed(send: (payload: ConsoleAlarmsPayload) => void) {
  const pending = new Map<number, Alarm>();
  let sentAt = Number.NEGATIVE_INFINITY;
  let scheduled: { cancel(): void } | undefined;
  const flush = () => {
    scheduled = undefined;
    const alarms = [...pending.values()];
    pending.clear();
    sentAt = Date.now();
    const ts = new Date(sentAt).toISOString();
    for (let i = 0; i < alarms.length; i += ALARM_FEED_MAX) send({ ts, alarms: alarms.slice(i, i + ALARM_FEED_MAX) });
  };
  const schedule = () => {
    const wait = sentAt + ALARM_FEED_GATHER_MS - Date.now();
    if (wait <= 0) {
      const immediate = setImmediate(flush);
      return { cancel: () => clearImmediate(immediate) };
    }
    const timer = setTimeout(flush, wait);
    return { cancel: () => clearTimeout(timer) };
  };
  return {
    changed(alarm: Alarm) {
      pending.set(alarm.id, alarm);
      scheduled ??= schedule();
    },
    close() {
      if (!scheduled) return;
      scheduled.cancel();
      flush();
    },
  };
}
