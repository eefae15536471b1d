import type { Alarm, Robot } from '@railserve/protocol';
import { Collapse, Descriptions, Empty, Flex } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AlarmTags, BatteryLevel, ConnectionTag, HealthTag, StateTag } from '../components/ui/robot-tags.tsx';
import { LogWindow } from '../features/logs/components/log-window.tsx';
import { MapPreview } from '../features/map-editor/components/map-preview.tsx';
import { useRobots } from '../features/robots/api/list-robots.ts';
import { useTrackMap } from '../features/tracks/api/track-map.ts';
import { mayDo } from '../lib/access.ts';
import { useCurrentUser } from '../lib/auth.ts';
import { formatDateTime } from '../lib/date-time.ts';

/** The logs the drawer shows: 5 minutes either side of the alarm's raise. */
const AROUND_MS = 5 * 60_000;

/**
 * What the alarm drawer shows of other features, composed here: the robot's live state (the
 * robots' live list), where it stands on its track's map (the map editor's read-only canvas with
 * the tracks' saved map), and its logs from 5 minutes before to 5 minutes after the alarm.
 */
export function AlarmDrawerExtras({ alarm }: { alarm: Alarm }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const view = useCallback((robots: Robot[]) => robots.find((r) => r.sn === alarm.robotSn) ?? null, [alarm.robotSn]);
  const robot = useRobots(view).data ?? null;
  const trackId = robot?.trackId ?? alarm.trackId ?? undefined;
  const raised = Date.parse(alarm.raisedAt);
  const window = useMemo(
    () => ({ from: new Date(raised - AROUND_MS).toISOString(), to: new Date(raised + AROUND_MS).toISOString() }),
    [raised],
  );
  const items = [
    { key: 'robot', label: t('alarm-report.drawer.robotState'), children: <RobotNow robot={robot} /> },
    {
      key: 'map',
      label: t('alarm-report.drawer.position'),
      children:
        trackId !== undefined ? (
          <TrackPosition trackId={trackId} robot={robot} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alarm-report.drawer.noPosition')} />
        ),
    },
    ...(mayDo(user, 'logs.view')
      ? [
          {
            key: 'logs',
            label: t('alarm-report.drawer.logs'),
            children: <LogWindow robotSn={alarm.robotSn} {...window} emptyText={t('alarm-report.drawer.noLogs')} />,
          },
        ]
      : []),
  ];
  return (
    <Collapse
      size="small"
      defaultActiveKey={['robot', 'map']}
      items={items}
      style={{ marginTop: 16 }}
      data-testid="alarm-extras"
    />
  );
}

function RobotNow({ robot }: { robot: Robot | null }) {
  const { t } = useTranslation();
  if (!robot) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alarm-report.drawer.noRobotState')} />;
  return (
    <Descriptions
      size="small"
      column={1}
      data-testid="alarm-robot-now"
      items={[
        {
          key: 'tags',
          label: t('robots.fields.state'),
          children: (
            <Flex gap={4} wrap>
              <ConnectionTag connection={robot.connection} />
              <StateTag state={robot.state} />
              <HealthTag health={robot.health} />
            </Flex>
          ),
        },
        { key: 'battery', label: t('robots.fields.battery'), children: <BatteryLevel battery={robot.battery} /> },
        { key: 'point', label: t('robots.fields.point'), children: robot.point ?? '-' },
        {
          key: 'alarms',
          label: t('robots.fields.alarms'),
          children: robot.alarms.length ? <AlarmTags alarms={robot.alarms} /> : '-',
        },
        { key: 'update', label: t('robots.fields.lastUpdate'), children: formatDateTime(robot.lastUpdate) },
      ]}
    />
  );
}

function TrackPosition({ trackId, robot }: { trackId: number; robot: Robot | null }) {
  const map = useTrackMap(trackId);
  const robots = useMemo(() => (robot ? [robot] : []), [robot]);
  if (map.isPending) return null;
  // Keyed by the map's version, so a newly saved map is drawn afresh.
  return <MapPreview key={map.dataUpdatedAt} trackId={trackId} map={map.data ?? null} robots={robots} />;
}
