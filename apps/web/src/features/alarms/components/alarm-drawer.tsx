import type { Alarm } from '@railserve/protocol';
import { alarmNameText } from '@railserve/protocol';
import { Alert, Descriptions, Drawer, Space, Spin, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-time.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import type { Choice } from '../api/alarm-choices.ts';
import { useAlarm } from '../api/get-alarm.ts';
import { AlarmActions } from './alarm-actions.tsx';
import { AlarmStateTags, SeverityTag } from './alarm-tags.tsx';
import { AlarmTimeline } from './alarm-timeline.tsx';

type AlarmDrawerProps = {
  id: number | undefined;
  canHandle: boolean;
  assignees: Choice<number>[] | undefined;
  trackName: (id: number) => string;
  assigneeName: (id: number) => string;
  /** More of the alarm from other features (composed in app/). */
  extra?: (alarm: Alarm) => ReactNode;
  onClose: () => void;
};

/** One alarm: its state, what may be done with it, and its timeline; live while open. */
export function AlarmDrawer({ id, canHandle, assignees, trackName, assigneeName, extra, onClose }: AlarmDrawerProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 575px)');
  const detail = useAlarm(id);
  const alarm = detail.data;
  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      size={narrow ? '100%' : 560}
      title={alarm ? alarmNameText(t, alarm.code) : t('alarms.detail.title')}
      data-testid="alarm-drawer"
    >
      {detail.isError ? <Alert type="error" showIcon title={actionFailed(t, t('alarms.actions.load'), detail.error)} /> : null}
      <Spin spinning={detail.isPending && id !== undefined}>
        {alarm ? (
          <>
            <Space wrap style={{ marginBottom: 12 }}>
              <SeverityTag severity={alarm.severity} />
              <AlarmStateTags alarm={alarm} />
              {alarm.suppressed ? <Tag>{t('alarms.states.suppressed')}</Tag> : null}
              {alarm.flapping ? <Tag color="purple">{t('alarms.states.flapping')}</Tag> : null}
            </Space>
            <Descriptions
              size="small"
              column={1}
              bordered
              style={{ marginBottom: 16 }}
              items={[
                { key: 'robot', label: t('alarms.fields.robot'), children: alarm.robotSn },
                { key: 'track', label: t('alarms.fields.track'), children: alarm.trackId ? trackName(alarm.trackId) : '-' },
                { key: 'raised', label: t('alarms.fields.raisedAt'), children: formatDateTime(alarm.raisedAt) },
                { key: 'last', label: t('alarms.fields.lastRaisedAt'), children: formatDateTime(alarm.lastRaisedAt) },
                { key: 'count', label: t('alarms.fields.count'), children: alarm.count },
                { key: 'ack', label: t('alarms.fields.acknowledgedBy'), children: alarm.acknowledgedBy ?? '-' },
                {
                  key: 'assignee',
                  label: t('alarms.fields.assignee'),
                  children: alarm.assigneeId ? assigneeName(alarm.assigneeId) : '-',
                },
                {
                  key: 'cleared',
                  label: t('alarms.fields.clearedAt'),
                  children: alarm.clearedAt
                    ? `${formatDateTime(alarm.clearedAt)} (${t(`alarms.clearedBy.${alarm.clearedBy ?? 'device'}`)})`
                    : '-',
                },
              ]}
            />
            {canHandle ? <AlarmActions alarm={alarm} assignees={assignees} /> : null}
            <AlarmTimeline events={alarm.timeline} assigneeName={assigneeName} />
            {extra?.(alarm)}
          </>
        ) : null}
      </Spin>
    </Drawer>
  );
}
