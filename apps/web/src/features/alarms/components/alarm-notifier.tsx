import { BellOutlined } from '@ant-design/icons';
import { Button, Flex, Popover, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCriticalNotifications } from '../hooks/use-critical-notifications.ts';
import { alarmSoundOn, playAlarmTone, setAlarmSoundOn } from '../model/alarm-sound.ts';

type Permission = NotificationPermission | 'unsupported';
const browserPermission = (): Permission => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

/**
 * The header's alarm notifications: listens for new critical alarms while the console is open, and
 * its popover holds the user's choices (the sound, and allowing the browser's notifications, which
 * a browser asks only from a click).
 */
export function AlarmNotifier() {
  const { t } = useTranslation();
  useCriticalNotifications();
  const [sound, setSound] = useState(alarmSoundOn);
  const [permission, setPermission] = useState<Permission>(browserPermission);
  const allow = async () => {
    try {
      setPermission(await Notification.requestPermission());
    } catch {
      setPermission(browserPermission());
    }
  };
  const content = (
    <Flex vertical gap={12} style={{ width: 280, maxWidth: 'calc(100vw - 48px)' }} data-testid="alarm-notifier-settings">
      <Typography.Text type="secondary">{t('alarm-ops.notify.explain')}</Typography.Text>
      <Flex justify="space-between" align="center" gap={8}>
        <span>{t('alarm-ops.notify.sound')}</span>
        <Switch
          checked={sound}
          aria-label={t('alarm-ops.notify.sound')}
          onChange={(on) => {
            setAlarmSoundOn(on);
            setSound(on);
            if (on) playAlarmTone();
          }}
          data-testid="alarm-sound-switch"
        />
      </Flex>
      {permission === 'default' ? (
        <Button onClick={() => void allow()} data-testid="alarm-notify-allow">
          {t('alarm-ops.notify.allow')}
        </Button>
      ) : (
        <Typography.Text type="secondary" data-testid="alarm-notify-permission">
          {t(`alarm-ops.notify.permission.${permission}`)}
        </Typography.Text>
      )}
    </Flex>
  );
  return (
    <Popover content={content} title={t('alarm-ops.notify.heading')} trigger="click" placement="bottom">
      <Button
        type="text"
        size="small"
        icon={<BellOutlined />}
        aria-label={t('alarm-ops.notify.heading')}
        data-testid="alarm-notifier"
      />
    </Popover>
  );
}
