import type { AlarmPage } from '@railserve/protocol';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type AlarmListParams, alarmKeys } from './alarm-keys.ts';

/** GET /alarms?state=&acknowledged=&severity=&trackId=&robotSn=&code=&assigneeId=&from=&to=&page=&pageSize= (newest first) */
export const fetchAlarms = (params: AlarmListParams, signal?: AbortSignal) =>
  api.get<AlarmPage>('/alarms', { query: params, signal });

export const alarmsQueryOptions = (params: AlarmListParams) =>
  queryOptions({
    queryKey: alarmKeys.list(params),
    queryFn: ({ signal }) => fetchAlarms(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAlarms = (params: AlarmListParams) => useQuery(alarmsQueryOptions(params));
