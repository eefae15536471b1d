import type { AlarmSummary } from '@railserve/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { alarmKeys } from './alarm-keys.ts';

/** GET /alarms/summary: active, unacknowledged alarms per severity (the header's count); kept fresh by the live feed. */
export const alarmSummaryQueryOptions = () =>
  queryOptions({
    queryKey: alarmKeys.summary,
    queryFn: ({ signal }) => api.get<AlarmSummary>('/alarms/summary', { signal }),
  });

export const useAlarmSummary = () => useQuery(alarmSummaryQueryOptions());
