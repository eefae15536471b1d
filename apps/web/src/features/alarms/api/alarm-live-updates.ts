import { type Alarm, type AlarmSummary, consoleAlarmsPayload, topics } from '@railserve/protocol';
import type { QueryClient } from '@tanstack/react-query';
import type { BrokerStore } from '../../../lib/broker/broker-store.ts';
import { createSummaryTally } from '../model/summary-tally.ts';
import { alarmKeys } from './alarm-keys.ts';

/** Lists and the header's count are read again at once, then at most this often while alarms keep changing. */
const REFRESH_GAP_MS = 500;

/**
 * The alarm feed (`hcpro4/console/alarms`) into the query cache: an open alarm's detail takes the
 * new state at once (and reads its timeline again), the header's count moves at once by what the
 * feed says (summary-tally.ts); lists and the header's count are read again at
 * the first change and once more at the end of each gap while changes go on, so a storm of
 * thousands of changes costs a read or two a second and a lone alarm shows at once. After a
 * reconnect everything is read again.
 */
export function registerAlarmLiveUpdates({ broker, queryClient }: { broker: BrokerStore; queryClient: QueryClient }) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let changedMeanwhile = false;
  const read = () => {
    void queryClient.invalidateQueries({ queryKey: alarmKeys.lists });
    void queryClient.invalidateQueries({ queryKey: alarmKeys.summary });
  };
  const gap = () => {
    timer = setTimeout(() => {
      timer = undefined;
      if (!changedMeanwhile) return;
      changedMeanwhile = false;
      read();
      gap();
    }, REFRESH_GAP_MS);
  };
  const refresh = () => {
    if (timer) {
      changedMeanwhile = true;
      return;
    }
    read();
    gap();
  };
  const tally = createSummaryTally();
  const onAlarm = (alarm: Alarm) => {
    const key = alarmKeys.detail(alarm.id);
    if (!queryClient.getQueryData(key)) return;
    queryClient.setQueryData(key, (detail: object | undefined) => (detail ? { ...detail, ...alarm } : detail));
    void queryClient.invalidateQueries({ queryKey: key });
  };
  const removeFeed = broker.onMessage(topics.consoleAlarms, (message) => {
    const parsed = consoleAlarmsPayload.safeParse(message.json);
    if (!parsed.success) return;
    for (const alarm of parsed.data.alarms) onAlarm(alarm);
    queryClient.setQueryData(alarmKeys.summary, (summary: AlarmSummary | undefined) =>
      summary ? tally.apply(summary, parsed.data) : summary,
    );
    refresh();
  });
  const removeReconnect = broker.onConnect(() => void queryClient.invalidateQueries({ queryKey: alarmKeys.all }));
  return () => {
    clearTimeout(timer);
    removeFeed();
    removeReconnect();
  };
}
