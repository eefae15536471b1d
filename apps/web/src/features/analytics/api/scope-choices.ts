import type { Page } from '@railserve/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { analyticsKeys } from './analytics-keys.ts';

export type Choice<V> = { value: V; label: string };

const choices = <T, V>(kind: 'sessions' | 'tracks' | 'robots', pick: (item: T) => Choice<V>) =>
  queryOptions({
    queryKey: analyticsKeys.choices(kind),
    queryFn: ({ signal }) => api.get<Page<T>>(`/${kind}`, { query: { pageSize: 'all' }, signal }),
    select: (page) => page.items.map(pick),
    staleTime: 60_000,
  });

/** The sessions, tracks and robots the scope can be narrowed to (their lists, pageSize=all). */
export const useSessionChoices = () =>
  useQuery(choices<{ id: number; name: string }, number>('sessions', (s) => ({ value: s.id, label: s.name })));
export const useTrackChoices = () =>
  useQuery(choices<{ id: number; name: string }, number>('tracks', (t) => ({ value: t.id, label: t.name })));
export const useRobotChoices = () =>
  useQuery(
    choices<{ sn: string; name: string }, string>('robots', (r) => ({
      value: r.sn,
      label: r.name && r.name !== r.sn ? `${r.name} (${r.sn})` : r.sn,
    })),
  );
