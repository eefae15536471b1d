import type { AlarmDetail } from '@railserve/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { alarmKeys } from './alarm-keys.ts';

/** GET /alarms/{id}: the alarm with its timeline. */
export const alarmQueryOptions = (id: number) =>
  queryOptions({
    queryKey: alarmKeys.detail(id),
    queryFn: ({ signal }) => api.get<AlarmDetail>(`/alarms/${id}`, { signal }),
  });

export const useAlarm = (id: number | undefined) => useQuery({ ...alarmQueryOptions(id ?? 0), enabled: id !== undefined });
