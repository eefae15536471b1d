import type { CreatedEnrollmentKey, CreateEnrollmentKeyBody, EnrollmentKey } from '@railserve/protocol';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Query keys of a session's enrollment keys; creating or revoking one invalidates them. */
export const enrollmentKeyKeys = {
  all: ['enrollment-keys'] as const,
  list: (sessionId: number) => ['enrollment-keys', sessionId] as const,
};

/** GET /enrollment-keys?sessionId= (never the keys themselves) */
export const fetchEnrollmentKeys = (sessionId: number, signal?: AbortSignal) =>
  api.get<{ items: EnrollmentKey[] }>('/enrollment-keys', { query: { sessionId }, signal });

export const enrollmentKeysQueryOptions = (sessionId: number) =>
  queryOptions({ queryKey: enrollmentKeyKeys.list(sessionId), queryFn: ({ signal }) => fetchEnrollmentKeys(sessionId, signal) });

export const useEnrollmentKeys = (sessionId: number) => useQuery(enrollmentKeysQueryOptions(sessionId));

/** POST /enrollment-keys: the answer holds the key, shown once. */
export const createEnrollmentKey = (body: CreateEnrollmentKeyBody) => api.post<CreatedEnrollmentKey>('/enrollment-keys', body);

/** DELETE /enrollment-keys/{id}: revokes it. */
export const revokeEnrollmentKey = (id: number) => api.delete<null>(`/enrollment-keys/${id}`);

export function useCreateEnrollmentKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEnrollmentKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enrollmentKeyKeys.all }),
  });
}

export function useRevokeEnrollmentKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeEnrollmentKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enrollmentKeyKeys.all }),
  });
}
