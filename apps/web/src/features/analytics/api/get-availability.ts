import type { AnalyticsAvailability } from '@railserve/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type AnalyticsParams, analyticsKeys } from './analytics-keys.ts';

/** GET /analytics/availability: availability per bucket, and every track of the scope side by side. */
export const availabilityQueryOptions = (params: AnalyticsParams) =>
  queryOptions({
    queryKey: analyticsKeys.report('availability', params),
    queryFn: ({ signal }) => api.get<AnalyticsAvailability>('/analytics/availability', { query: params, signal }),
    placeholderData: (previous) => previous,
  });

export const useAvailability = (params: AnalyticsParams) => useQuery(availabilityQueryOptions(params));
