import type { AnalyticsToday } from '@railserve/protocol';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { browserTimeZone } from '../../../lib/labels.ts';

/**
 * How often the dashboard asks again: the server rolls statuses up every 30 s (and on each read),
 * so a shorter poll would show nothing newer; the robots' feed is far too frequent to follow.
 */
export const TODAY_REFRESH_MS = 30_000;

/** GET /analytics/today: today's summary in the reader's zone and each track's deliveries and utilisation. */
export const useToday = () => {
  const tz = browserTimeZone();
  return useQuery({
    queryKey: ['analytics', 'today', tz] as const,
    queryFn: ({ signal }) => api.get<AnalyticsToday>('/analytics/today', { query: { tz }, signal }),
    refetchInterval: TODAY_REFRESH_MS,
  });
};
