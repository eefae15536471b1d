import { useMemo } from 'react';
import { TodayOperations } from '../features/analytics/components/today-operations.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { liveRobotSummary } from '../features/dashboard/model/fleet-summary.ts';
import { useRobots } from '../features/robots/api/list-robots.ts';
import { LiveCell } from '../features/robots/components/live-cell.tsx';
import { useTracks } from '../features/tracks/api/list-tracks.ts';

const ALL_TRACKS = { page: 1, pageSize: 'all' } as const;
/** A robot's alarms on the dashboard open its newest active alarm in the alarm center. */
const alarmsHref = (sn: string) => `/alarms?state=active&robotSn=${encodeURIComponent(sn)}&open=latest`;

/**
 * /dashboard: the dashboard (dashboard feature) with the live robot list and its cells (robots)
 * every track (tracks) and today's operations (analytics), composed here because features do not import each other.
 */
export function DashboardRoute() {
  // Only the counts and the attention list: a status that changes none of them renders nothing.
  const summaryView = useMemo(() => liveRobotSummary(), []);
  const robots = useRobots(summaryView);
  const tracks = useTracks(ALL_TRACKS);
  return <DashboardPage robots={robots} tracks={tracks} cell={LiveCell} alarmsHref={alarmsHref} today={<TodayOperations />} />;
}
