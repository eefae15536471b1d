import type { CreateRolloutBody, Rollout } from '@railserve/protocol';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { updateKeys } from './update-keys.ts';

/** A rollout in progress is followed live: its list refreshes every two seconds until none runs. */
const RUNNING_REFRESH_MS = 2000;
const running = (rollouts: Rollout[] | undefined) => rollouts?.some((r) => r.status === 'first_group' || r.status === 'rest');

export const rolloutsQueryOptions = () =>
  queryOptions({
    queryKey: updateKeys.rollouts,
    queryFn: ({ signal }) => api.get<Rollout[]>('/updates/rollouts', { signal }),
    refetchInterval: (query) => (running(query.state.data) ? RUNNING_REFRESH_MS : false),
  });

export const useRollouts = () => useQuery(rolloutsQueryOptions());

export function useStartRollout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRolloutBody) => api.post<Rollout>('/updates/rollouts', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: updateKeys.all }),
  });
}

/** POST /updates/rollouts/{id}/resume: a stopped rollout asks its failed robots again and goes on. */
export function useResumeRollout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<Rollout>(`/updates/rollouts/${id}/resume`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: updateKeys.all }),
  });
}

/** The choices of a rollout's scope: robots, tracks and sessions by name. */
export const useScopeChoices = () =>
  useQuery({
    queryKey: updateKeys.scopeChoices,
    queryFn: async ({ signal }) => {
      const [robots, tracks, sessions] = await Promise.all([
        api.get<{ items: { sn: string; name: string }[] }>('/robots', { query: { pageSize: 'all', sort: 'sn' }, signal }),
        api.get<{ items: { id: number; name: string }[] }>('/tracks', { query: { pageSize: 'all' }, signal }),
        api.get<{ items: { id: number; code: string; name: string }[] }>('/sessions', { query: { pageSize: 'all' }, signal }),
      ]);
      return { robots: robots.items, tracks: tracks.items, sessions: sessions.items };
    },
  });
