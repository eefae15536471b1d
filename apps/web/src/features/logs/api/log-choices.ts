import type { Page } from '@railserve/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { logKeys } from './log-keys.ts';

export type Choice<V> = { value: V; label: string };

/** GET /logs/types: every record type seen, for the type filter. */
export const logTypesQueryOptions = () =>
  queryOptions({
    queryKey: logKeys.types,
    queryFn: ({ signal }) => api.get<string[]>('/logs/types', { signal }),
    staleTime: 60_000,
  });

/** The tracks of the track filter (GET /tracks?pageSize=all); only id and name are used. */
export const trackChoicesQueryOptions = () =>
  queryOptions({
    queryKey: logKeys.tracks,
    queryFn: ({ signal }) => api.get<Page<{ id: number; name: string }>>('/tracks', { query: { pageSize: 'all' }, signal }),
    select: (page): Choice<number>[] => page.items.map((t) => ({ value: t.id, label: `${t.name} (#${t.id})` })),
    staleTime: 60_000,
  });

/** The robots of the robot filter (GET /robots?pageSize=all); only SN and name are used. */
export const robotChoicesQueryOptions = () =>
  queryOptions({
    queryKey: logKeys.robots,
    queryFn: ({ signal }) => api.get<Page<{ sn: string; name: string }>>('/robots', { query: { pageSize: 'all' }, signal }),
    select: (page): Choice<string>[] =>
      page.items.map((r) => ({ value: r.sn, label: r.name && r.name !== r.sn ? `${r.name} (${r.sn})` : r.sn })),
    staleTime: 60_000,
  });

export const useLogTypes = () => useQuery(logTypesQueryOptions());
export const useTrackChoices = () => useQuery(trackChoicesQueryOptions());
export const useRobotChoices = () => useQuery(robotChoicesQueryOptions());
