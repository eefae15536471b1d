import type { CreateMaintenanceBody, MaintenanceWindow } from '@railserve/protocol';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { alarmOpsKeys } from './alarm-ops-keys.ts';

/** GET /alarm-maintenance: the windows open now, ending soonest first. */
export const maintenanceQueryOptions = () =>
  queryOptions({
    queryKey: alarmOpsKeys.maintenance,
    queryFn: ({ signal }) => api.get<MaintenanceWindow[]>('/alarm-maintenance', { signal }),
    // A window ends by itself at its time: the list is read again each minute.
    refetchInterval: 60_000,
  });

export const useMaintenanceWindows = () => useQuery(maintenanceQueryOptions());

/** POST /alarm-maintenance {robotSn | trackId, until, reason?} */
export function useCreateMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMaintenanceBody) => api.post<MaintenanceWindow>('/alarm-maintenance', body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: alarmOpsKeys.maintenance }),
  });
}

/** DELETE /alarm-maintenance/{id}: ends the window now. */
export function useEndMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<MaintenanceWindow>(`/alarm-maintenance/${id}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: alarmOpsKeys.maintenance }),
  });
}
