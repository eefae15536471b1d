import type { CommandRecord } from '@railserve/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { alarmKeys } from './alarm-keys.ts';

/** POST /alarms/{id}/reset: sends the robot the reset-alarm command and answers its tracking record. */
export const resetAlarm = (id: number) => api.post<CommandRecord>(`/alarms/${id}/reset`);

export function useResetAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetAlarm,
    onSettled: (_record, _error, id) => queryClient.invalidateQueries({ queryKey: alarmKeys.detail(id) }),
  });
}
