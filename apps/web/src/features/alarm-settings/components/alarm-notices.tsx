import { consoleAlarmNoticesPayload, topics } from '@railserve/protocol';
import { App, Button } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrokerMessage } from '../../../lib/broker/broker-context.tsx';

/** Notices arriving this close together are one notification: a storm is never a toast per robot. */
const GATHER_MS = 1000;
const KEY = 'alarm-notices';

type Gathered = { escalated: Set<number>; renotified: Set<number> };

/**
 * Escalations and re-notifications (`hcpro4/console/alarm-notices`, which the broker gives to
 * levels 0-1 only) as one notification that the next gathering replaces. `onOpen` opens the
 * alarm center on the critical, unacknowledged alarms.
 */
export function AlarmNotices({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const gathered = useRef<Gathered>({ escalated: new Set(), renotified: new Set() });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = () => {
    timer.current = undefined;
    const { escalated, renotified } = gathered.current;
    gathered.current = { escalated: new Set(), renotified: new Set() };
    const lines = [
      escalated.size > 0 ? t('alarm-settings.notices.escalated', { count: escalated.size }) : null,
      renotified.size > 0 ? t('alarm-settings.notices.renotified', { count: renotified.size }) : null,
    ].filter(Boolean);
    if (lines.length === 0) return;
    notification.warning({
      key: KEY,
      title: t('alarm-settings.notices.title'),
      description: lines.join(' '),
      duration: 0,
      actions: (
        <Button
          size="small"
          type="primary"
          onClick={() => {
            notification.destroy(KEY);
            onOpen();
          }}
        >
          {t('alarm-settings.notices.open')}
        </Button>
      ),
    });
  };

  useBrokerMessage(topics.consoleAlarmNotices, (message) => {
    const parsed = consoleAlarmNoticesPayload.safeParse(message.json);
    if (!parsed.success) return;
    for (const notice of parsed.data.notices) gathered.current[notice.kind].add(notice.alarm.id);
    timer.current ??= setTimeout(show, GATHER_MS);
  });
  return null;
}
