import { alarmNameText } from '@railserve/protocol';
import { List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useAlarms } from '../api/list-alarms.ts';
import { SeverityTag } from './alarm-tags.tsx';

const SHOWN = 10;

type ActiveAlarmsProps = { robotSn?: string; trackId?: number; title?: boolean };

/**
 * A robot's or a track's active alarms, live: each opens in the alarm center, and a link lists
 * them all there. For the robot dialog and the track form (composed in app/).
 */
export function ActiveAlarms({ robotSn, trackId, title = true }: ActiveAlarmsProps) {
  const { t } = useTranslation();
  const alarms = useAlarms({ state: 'active', robotSn, trackId, page: 1, pageSize: SHOWN });
  const filter = robotSn ? `robotSn=${encodeURIComponent(robotSn)}` : `trackId=${trackId}`;
  const items = alarms.data?.items ?? [];
  return (
    <div data-testid="active-alarms">
      {title ? <Typography.Title level={5}>{t('alarm-report.active.title')}</Typography.Title> : null}
      <List
        size="small"
        loading={alarms.isPending}
        dataSource={items}
        locale={{ emptyText: t('alarm-report.active.none') }}
        renderItem={(alarm) => (
          <List.Item key={alarm.id}>
            <Link to={`/alarms?${filter}&state=active&open=${alarm.id}`}>
              <SeverityTag severity={alarm.severity} /> {alarmNameText(t, alarm.code)}
              {trackId !== undefined ? ` · ${alarm.robotSn}` : ''}
            </Link>
            <Typography.Text type="secondary">{formatDateTime(alarm.raisedAt)}</Typography.Text>
          </List.Item>
        )}
      />
      <Link to={`/alarms?${filter}`}>{t(robotSn ? 'alarm-report.active.all' : 'alarm-report.active.allOfTrack')}</Link>
    </div>
  );
}
