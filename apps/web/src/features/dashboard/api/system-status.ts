import { type SystemStatusPayload, systemStatusPayload, topics } from '@railserve/protocol';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { BrokerStore } from '../../../lib/broker/broker-store.ts';
import { dashboardKeys } from './dashboard-keys.ts';

/**
 * The server's retained `hcpro4/system/status` (app/live-updates.ts): kept in the query cache
 * from sign-in on, so the dashboard shows it however late it opens.
 */
export function registerSystemStatusUpdates({ broker, queryClient }: { broker: BrokerStore; queryClient: QueryClient }) {
  return broker.onMessage(topics.systemStatus, (message) => {
    const parsed = systemStatusPayload.safeParse(message.json);
    if (parsed.success) queryClient.setQueryData(dashboardKeys.systemStatus, parsed.data);
  });
}

/** The last system status heard, or null until one arrives. */
export const useSystemStatus = () =>
  useQuery<SystemStatusPayload | null>({
    queryKey: dashboardKeys.systemStatus,
    queryFn: () => null,
    staleTime: Number.POSITIVE_INFINITY,
  }).data ?? null;
