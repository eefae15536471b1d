import type { ClientConfig } from '@railserve/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** GET /system/client-config (no auth): the broker's WebSocket port and path, and the version. */
export const fetchClientConfig = (signal?: AbortSignal) => api.get<ClientConfig>('/system/client-config', { signal });

export const clientConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'client-config'] as const,
    queryFn: ({ signal }) => fetchClientConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useClientConfig = () => useQuery(clientConfigQueryOptions());
