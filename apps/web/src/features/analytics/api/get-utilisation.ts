import type { AnalyticsUtilisation } from '@railserve/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type AnalyticsParams, analyticsKeys } from './analytics-keys.ts';

/** GET /analytics/utilisation: time in each state per bucket and per robot. */
export const utilisationQueryOptions = (params: AnalyticsParams) =>
  queryOptions({
    queryKey: analyticsKeys.report('utilisation', params),
    queryFn: ({ signal }) => api.get<AnalyticsUtilisation>('/analytics/utilisation', { query: params, signal }),
    placeholderData: (previous) => previous,
  });

export const useUtilisation = (params: AnalyticsParams) => useQuery(utilisationQueryOptions(params));
