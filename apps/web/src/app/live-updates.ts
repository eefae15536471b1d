import type { QueryClient } from '@tanstack/react-query';
import { registerAlarmLiveUpdates } from '../features/alarms/api/alarm-live-updates.ts';
import { registerIncidentLiveUpdates } from '../features/alarms/api/incidents.ts';
import { registerSystemStatusUpdates } from '../features/dashboard/api/system-status.ts';
import { registerRobotLiveUpdates } from '../features/robots/api/robot-live-updates.ts';
import { registerTrackStatusUpdates } from '../features/tracks/api/track-status-updates.ts';
import type { BrokerStore } from '../lib/broker/broker-store.ts';
import { resyncRobotFeedOnRead } from './robot-feed-resync.ts';

/**
 * App-wide live updates: each entry registers broker handlers (`broker.onMessage(filter, ...)`)
 * that write into the query cache (`queryClient.setQueryData(...)`), and returns its removal.
 * Features export such a function (e.g. `registerRobotLiveUpdates` in features/robots/api)
 * and it is listed here, so features never import each other. They run while the main layout
 * is mounted, i.e. while someone is signed in.
 */
export type LiveUpdate = (context: { broker: BrokerStore; queryClient: QueryClient }) => () => void;

export const LIVE_UPDATES: LiveUpdate[] = [
  registerTrackStatusUpdates,
  registerRobotLiveUpdates,
  registerSystemStatusUpdates,
  resyncRobotFeedOnRead,
  registerAlarmLiveUpdates,
  registerIncidentLiveUpdates,
];
