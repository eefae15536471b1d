import type { Track } from '@railserve/protocol';
import { Alert, Col, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/auth.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { useRobots } from '../../robots/api/list-robots.ts';
import { useTracks } from '../../tracks/api/list-tracks.ts';
import { liveRobotSummary, robotSummary, trackSummary } from '../hooks/fleet-summary.ts';
import { AttentionRobots } from './attention-robots.tsx';
import { DashboardWelcome } from './dashboard-welcome.tsx';
import { FleetStats } from './fleet-stats.tsx';
import { TrackStatusList } from './track-status-list.tsx';

const ALL_TRACKS = { page: 1, pageSize: 'all' } as const;
const NO_TRACKS: readonly Track[] = [];

/**
 * The fleet at a glance, live: robots online, unhealthy robots (the protocol's health rule),
 * alarms, low batteries and tracks in error, then the robots and tracks that need someone.
 * Robot statuses and track statuses arrive over the broker into the same query cache the robots
 * and tracks screens use.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  // Only the counts and the attention list: a status that changes none of them renders nothing.
  const summaryView = useMemo(() => liveRobotSummary(), []);
  const robots = useRobots(summaryView);
  const tracks = useTracks(ALL_TRACKS);
  if (!user) return null;
  const summary = { ...(robots.data ?? robotSummary([])), ...trackSummary(tracks.data?.items ?? NO_TRACKS) };
  const failures = [
    robots.isError ? actionFailed(t, t('robots.actions.load'), robots.error) : null,
    tracks.isError ? actionFailed(t, t('tracks.actions.load'), tracks.error) : null,
  ].filter((message): message is string => !!message);

  return (
    <>
      <DashboardWelcome />
      {failures.map((message) => (
        <Alert key={message} type="error" showIcon title={message} style={{ marginBottom: 16 }} />
      ))}
      <FleetStats summary={summary} loading={robots.isPending || tracks.isPending} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <AttentionRobots robots={summary.attention} total={summary.attentionTotal} loading={robots.isPending} />
        </Col>
        <Col xs={24} xl={10}>
          <TrackStatusList tracks={tracks.data?.items ?? NO_TRACKS} loading={tracks.isPending} />
        </Col>
      </Row>
    </>
  );
}
