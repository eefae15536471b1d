import type { Page, Session } from '@railserve/protocol';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type SessionListParams, sessionKeys } from './session-keys.ts';

/** GET /sessions?page=&pageSize=&q= */
export const fetchSessions = (params: SessionListParams, signal?: AbortSignal) =>
  api.get<Page<Session>>('/sessions', { query: params, signal });

export const sessionsQueryOptions = (params: SessionListParams) =>
  queryOptions({
    queryKey: sessionKeys.list(params),
    queryFn: ({ signal }) => fetchSessions(params, signal),
    placeholderData: keepPreviousData,
  });

export const useSessions = (params: SessionListParams) => useQuery(sessionsQueryOptions(params));
