import type { BulkAlarmResult } from '@railserve/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { alarmKeys } from './alarm-keys.ts';

/** POST /alarms/ack {ids}: answers per alarm (a mixed selection never fails as a whole). */
export const acknowledgeAlarms = (ids: number[]) => api.post<BulkAlarmResult>('/alarms/ack', { ids });

export function useAcknowledgeAlarms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAlarms,
    // Not awaited: the action is done when the server answers; the lists follow.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}
