import type { CreateSessionInput, Session, UpdateSessionInput } from '@railserve/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionKeys } from './session-keys.ts';

/**
 * POST /sessions and PUT /sessions/{id}. Both may answer 207 when the session was saved but the
 * track assignment failed; the answer's session then has other tracks than were asked for,
 * which is how the form tells (see `assignmentFailed`).
 */
export const createSession = (body: CreateSessionInput) => api.post<Session>('/sessions', body);
export const updateSession = ({ id, body }: { id: number; body: UpdateSessionInput }) =>
  api.put<Session>(`/sessions/${id}`, body);

/** The tracks were not assigned as asked: the saved session holds a different set. */
export function assignmentFailed(saved: Session, requested: readonly number[] | undefined): boolean {
  if (requested === undefined) return false;
  const wanted = new Set(requested);
  return saved.trackIds.length !== wanted.size || saved.trackIds.some((id) => !wanted.has(id));
}

function useSessionMutation<V>(mutationFn: (variables: V) => Promise<Session>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (session) => {
      queryClient.setQueryData(sessionKeys.detail(session.id), session);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      // Track rows show which session holds them.
      void queryClient.invalidateQueries({ queryKey: ['tracks'] });
    },
  });
}

export const useCreateSession = () => useSessionMutation(createSession);
export const useUpdateSession = () => useSessionMutation(updateSession);
