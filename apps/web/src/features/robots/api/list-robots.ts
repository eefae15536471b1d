import type { Page, Robot } from '@railserve/protocol';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client.ts';
import { robotKeys } from './robot-keys.ts';

const items = (page: Page<Robot>) => page.items;

/** GET /robots?pageSize=all: every robot, sorted by SN; the page filters and sorts locally. */
export const fetchRobots = (signal?: AbortSignal) =>
  api.get<Page<Robot>>('/robots', { query: { pageSize: 'all', sort: 'sn' }, signal });

export const robotsQueryOptions = () =>
  queryOptions({ queryKey: robotKeys.list, queryFn: ({ signal }) => fetchRobots(signal), select: items });

/**
 * The robot list, or what `view` derives from it. The derived value is shared structurally with
 * the previous one, so a live change that leaves it equal re-renders nothing (a stable `view`:
 * module level, useCallback or useMemo).
 */
export function useRobots(): UseQueryResult<Robot[]>;
export function useRobots<T>(view: (robots: Robot[]) => T): UseQueryResult<T>;
export function useRobots<T>(view?: (robots: Robot[]) => T) {
  const select = useCallback((page: Page<Robot>) => (view ? view(page.items) : page.items), [view]);
  return useQuery({ ...robotsQueryOptions(), select });
}
