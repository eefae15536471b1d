import type { Track } from '@railserve/protocol';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/auth.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { robotsOnline } from '../model/figures.ts';
import { type RobotSummary, robotSummary, trackSummary } from '../model/fleet-summary.ts';
import { AttentionRobots, type RobotCell } from './attention-robots.tsx';
import { DashboardWelcome } from './dashboard-welcome.tsx';
import { FleetStats } from './fleet-stats.tsx';
import { TrackStatusList } from './track-status-list.tsx';

const NO_TRACKS: readonly Track[] = [];

/**
 * The fleet at a glance, live: robots online, unhealthy robots (the protocol's health rule),
 * alarms, low batteries and tracks in error, then the robots and tracks that need someone.
 * Robot statuses and track statuses arrive over the broker into the same query cache the robots
 * and tracks screens use. The robots and tracks come from their features through
 * app/dashboard-route.tsx: `robots` is the live list's summary (liveRobotSummary), `tracks` every
 * track, `cell` one robot's live cell, `today` today's operations (analytics).
 */
export function DashboardPage({
  robots,
  tracks,
  cell,
  alarmsHref,
  today,
}: {
  robots: UseQueryResult<RobotSummary>;
  tracks: UseQueryResult<{ items: readonly Track[] }>;
  cell: RobotCell;
  alarmsHref?: (sn: string) => string;
  /** Today's operations (the analytics feature's card), placed below the fleet's numbers. */
  today?: ReactNode;
}) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  if (!user) return null;
  const summary = { ...(robots.data ?? robotSummary([])), ...trackSummary(tracks.data?.items ?? NO_TRACKS) };
  const failures = [
    robots.isError ? actionFailed(t, t('robots.actions.load'), robots.error) : null,
    tracks.isError ? actionFailed(t, t('tracks.actions.load'), tracks.error) : null,
  ].filter((message): message is string => !!message);
  const online = robotsOnline(summary);

  return (
    <>
      <DashboardWelcome online={online.count} total={online.total} />
      {failures.map((message) => (
        <Alert key={message} type="error" showIcon title={message} style={{ marginBottom: 16 }} />
      ))}
      <FleetStats summary={summary} loading={robots.isPending || tracks.isPending} />
      {today}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <AttentionRobots
            robots={summary.attention}
            total={summary.attentionTotal}
            loading={robots.isPending}
            cell={cell}
            alarmsHref={alarmsHref}
          />
        </Col>
        <Col xs={24} xl={10}>
          <TrackStatusList tracks={tracks.data?.items ?? NO_TRACKS} loading={tracks.isPending} />
        </Col>
      </Row>
    </>
  );
}
