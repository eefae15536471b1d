import type { LogPage } from '@railserve/protocol';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type LogListParams, logKeys } from './log-keys.ts';

/** GET /logs?page=&pageSize=&source=&trackId=&robotSn=&q=&type=&level=&from=&to=&timeFrom=&timeTo=&tz= (newest first) */
export const fetchLogs = (params: LogListParams, tz: string, signal?: AbortSignal) =>
  api.get<LogPage>('/logs', { query: { ...params, tz }, signal });

export const logsQueryOptions = (params: LogListParams, tz: string) =>
  queryOptions({
    queryKey: logKeys.list(params, tz),
    queryFn: ({ signal }) => fetchLogs(params, tz, signal),
    placeholderData: keepPreviousData,
  });

export const useLogs = (params: LogListParams, tz: string) => useQuery(logsQueryOptions(params, tz));
