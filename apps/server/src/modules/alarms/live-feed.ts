import type { Alarm, ConsoleAlarmsPayload } from '@railserve/protocol';

/** Changes gather this long from the first one: a storm of thousands of alarms is a few messages. */
export const ALARM_FEED_GATHER_MS = 100;
/** The most alarms one message carries. */
export const ALARM_FEED_MAX = 500;

/**
 * The consoles' alarm feed (`hcpro4/console/alarms`): the newest state of each alarm that changed,
 * gathered for ALARM_FEED_GATHER_MS, in messages of at most ALARM_FEED_MAX alarms.
 */
export function createAlarmFeed(send: (payload: ConsoleAlarmsPayload) => void) {
  const pending = new Map<number, Alarm>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    const alarms = [...pending.values()];
    pending.clear();
    const ts = new Date().toISOString();
    for (let i = 0; i < alarms.length; i += ALARM_FEED_MAX) send({ ts, alarms: alarms.slice(i, i + ALARM_FEED_MAX) });
  };
  return {
    changed(alarm: Alarm) {
      pending.set(alarm.id, alarm);
      timer ??= setTimeout(flush, ALARM_FEED_GATHER_MS);
    },
    close() {
      clearTimeout(timer);
      if (timer) flush();
    },
  };
}
