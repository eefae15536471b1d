import type { BulkAlarmResult } from '@railserve/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { alarmKeys } from './alarm-keys.ts';

/** POST /alarms/assign {ids, userId}: one or many alarms to a user (null: to nobody), answered per alarm. */
export const assignAlarms = ({ ids, userId }: { ids: number[]; userId: number | null }) =>
  api.post<BulkAlarmResult>('/alarms/assign', { ids, userId });

export function useAssignAlarms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignAlarms,
    // Not awaited: the action is done when the server answers; the lists follow.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}
