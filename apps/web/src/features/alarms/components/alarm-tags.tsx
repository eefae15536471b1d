import type { Alarm, AlarmSeverity } from '@railserve/protocol';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { SEVERITY_COLORS } from '../model/alarm-labels.ts';

export function SeverityTag({ severity }: { severity: AlarmSeverity }) {
  const { t } = useTranslation();
  return <Tag color={SEVERITY_COLORS[severity]}>{t(`alarms.severities.${severity}`)}</Tag>;
}

/** Active or cleared, and acknowledged or not: the alarm's two states (and whether it came in maintenance). */
export function AlarmStateTags({ alarm }: { alarm: Pick<Alarm, 'active' | 'acknowledged'> & { maintenance?: boolean } }) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Tag color={alarm.active ? 'red' : 'default'}>{t(alarm.active ? 'alarms.states.active' : 'alarms.states.cleared')}</Tag>
      <Tag color={alarm.acknowledged ? 'green' : 'orange'}>
        {t(alarm.acknowledged ? 'alarms.states.acknowledged' : 'alarms.states.unacknowledged')}
      </Tag>
      {alarm.maintenance ? <Tag color="purple">{t('alarm-ops.maintenance.tag')}</Tag> : null}
    </Space>
  );
}
