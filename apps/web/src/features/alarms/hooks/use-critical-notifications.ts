import { consoleAlarmsPayload, topics } from '@railserve/protocol';
import { App } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBrokerMessage } from '../../../lib/broker/broker-context.tsx';
import { alarmSoundOn, playAlarmTone } from '../model/alarm-sound.ts';
import { type CriticalBurst, createCriticalNotifier } from '../model/critical-notifier.ts';

/** One notification at a time: a new burst replaces the one on screen. */
const NOTICE_KEY = 'critical-alarms';
const LIST_PATH = '/alarms?state=active&acknowledged=false&severity=critical';

/**
 * New critical alarms from the alarm feed, gathered into one notification per storm: on screen,
 * as a tone (unless the user turned it off) and, when the user allowed it, as the browser's own
 * notification (one tag, so several open consoles show one). Alarms that join the storm later only
 * update the count on screen.
 */
export function useCriticalNotifications() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const show = useRef<(burst: CriticalBurst) => void>(() => {});
  // Whether the storm's notice is still on screen: alarms joining the storm update it, and do not
  // bring back one that closed (the header's count stays live).
  const onScreen = useRef(false);
  show.current = ({ count, tracks, joined }) => {
    if (joined && !onScreen.current) return;
    const title = t('alarm-ops.notify.title', { count });
    const description = tracks > 0 ? t('alarm-ops.notify.onTracks', { count: tracks }) : '';
    const open = () => {
      notification.destroy(NOTICE_KEY);
      navigate(LIST_PATH);
    };
    onScreen.current = true;
    const onClose = () => {
      onScreen.current = false;
    };
    notification.error({ key: NOTICE_KEY, title, description, onClick: open, onClose, duration: 10 });
    if (joined) return;
    if (alarmSoundOn()) playAlarmTone();
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      try {
        const shown = new Notification(title, { body: description, tag: 'railserve-critical-alarms' });
        shown.onclick = () => {
          window.focus();
          open();
        };
      } catch {
        // Some browsers allow notifications only from a service worker: the on-screen one stays.
      }
    }
  };
  const notifier = useMemo(() => createCriticalNotifier((burst) => show.current(burst)), []);
  useEffect(() => () => notifier.dispose(), [notifier]);
  useBrokerMessage(topics.consoleAlarms, (message) => {
    const parsed = consoleAlarmsPayload.safeParse(message.json);
    if (parsed.success) notifier.take(parsed.data);
  });
}
