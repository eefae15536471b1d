import { Alert, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/date-time.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { useIncident } from '../api/incidents.ts';
import { AlarmStateTags } from './alarm-tags.tsx';

/** One incident's alarms: each robot, the point it stood at, when it raised, and a link to the alarm. */
export function IncidentAlarms({ id }: { id: number }) {
  const { t } = useTranslation();
  const incident = useIncident(id);
  if (incident.isError)
    return <Alert type="error" showIcon title={actionFailed(t, t('alarm-ops.incidents.load'), incident.error)} />;
  return (
    <List
      size="small"
      loading={incident.isLoading}
      dataSource={incident.data?.alarms}
      data-testid={`incident-alarms-${id}`}
      renderItem={(alarm) => (
        <List.Item>
          <Space wrap>
            <Link to={`/alarms?open=${alarm.id}`}>{alarm.robotSn}</Link>
            <Typography.Text type="secondary">
              {alarm.point === null
                ? t('alarm-ops.incidents.pointsUnknown')
                : t('alarm-ops.incidents.atPoint', { point: alarm.point })}
            </Typography.Text>
            <span>{formatDateTime(alarm.raisedAt)}</span>
            <AlarmStateTags alarm={alarm} />
          </Space>
        </List.Item>
      )}
    />
  );
}
