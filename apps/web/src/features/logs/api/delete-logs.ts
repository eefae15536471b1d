import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type LogFilterParams, logKeys } from './log-keys.ts';

export type DeleteLogsRequest = { ids: number[] } | { filter: LogFilterParams & { tz: string } };

/** DELETE /logs with `{ids}` or `{filter}`; answers how many records were removed. */
export const deleteLogs = (body: DeleteLogsRequest) => api.delete<{ deleted: number }>('/logs', { body });

export function useDeleteLogs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLogs,
    onSettled: () => queryClient.invalidateQueries({ queryKey: logKeys.all }),
  });
}
