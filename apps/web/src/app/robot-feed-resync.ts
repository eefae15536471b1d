import type { QueryClient } from '@tanstack/react-query';
import { robotKeys } from '../features/robots/api/robot-keys.ts';
import { trackKeys } from '../features/tracks/api/track-keys.ts';
import type { BrokerStore } from '../lib/broker/broker-store.ts';

/** The queries whose robots the robot feed keeps live. */
const LIVE_ROBOT_QUERIES: readonly string[] = [robotKeys.all[0], trackKeys.all[0]];

/**
 * The robot feed leaves out statuses that show nothing new (lib/broker/robot-feed-filter.ts). A list of
 * robots just read from the server may be older than what the page had shown, so after each such
 * read every robot's next status comes in full and brings it up to date.
 */
export const resyncRobotFeedOnRead = ({ broker, queryClient }: { broker: BrokerStore; queryClient: QueryClient }) =>
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    if (LIVE_ROBOT_QUERIES.includes(String(event.query.queryKey[0]))) broker.resyncRobotFeed();
  });
