import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionKeys } from './session-keys.ts';

/** DELETE /sessions/{id}; its tracks stay and become free. */
export const deleteSession = (id: number) => api.delete<unknown>(`/sessions/${id}`);

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: sessionKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: ['tracks'] });
      return queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
