import type { AnalyticsDeliveries } from '@railserve/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type AnalyticsParams, analyticsKeys } from './analytics-keys.ts';

/** GET /analytics/deliveries: deliveries per bucket, table and hour of the week, aborted trips by reason. */
export const deliveriesQueryOptions = (params: AnalyticsParams) =>
  queryOptions({
    queryKey: analyticsKeys.report('deliveries', params),
    queryFn: ({ signal }) => api.get<AnalyticsDeliveries>('/analytics/deliveries', { query: params, signal }),
    placeholderData: (previous) => previous,
  });

export const useDeliveries = (params: AnalyticsParams) => useQuery(deliveriesQueryOptions(params));
