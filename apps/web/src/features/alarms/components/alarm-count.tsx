import { ALARM_SEVERITIES } from '@railserve/protocol';
import { Badge, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAlarmSummary } from '../api/alarm-summary.ts';
import { SEVERITY_COLORS } from '../model/alarm-labels.ts';

/**
 * The header's live count of active, unacknowledged alarms per severity (read again as the alarm
 * feed reports changes); each count opens the list filtered on it. Nothing shows while all are zero.
 */
export function AlarmCount({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  const summary = useAlarmSummary();
  if (!summary.data) return null;
  const counts = ALARM_SEVERITIES.map((severity) => ({ severity, count: summary.data[severity] })).filter((c) => c.count > 0);
  const shown = compact ? counts.slice(0, 1) : counts;
  return (
    <Space size={compact ? 4 : 8} data-testid="alarm-count" aria-label={t('alarms.header.label')}>
      {shown.map(({ severity, count }) => (
        <Tooltip key={severity} title={t('alarms.header.count', { count, severity: t(`alarms.severities.${severity}`) })}>
          <Link
            to={`/alarms?state=active&acknowledged=false&severity=${severity}`}
            aria-label={t('alarms.header.count', { count, severity: t(`alarms.severities.${severity}`) })}
            data-testid={`alarm-count-${severity}`}
          >
            <Badge count={count} overflowCount={999} color={SEVERITY_COLORS[severity]} />
          </Link>
        </Tooltip>
      ))}
    </Space>
  );
}
