import type { Page, Robot } from '@railserve/protocol';
import { queryOptions, replaceEqualDeep, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client.ts';
import { madeInPlace } from './robot-index.ts';
import { robotKeys } from './robot-keys.ts';

const items = (page: Page<Robot>) => page.items;

/** GET /robots?pageSize=all: every robot, sorted by SN; the page filters and sorts locally. */
export const fetchRobots = (signal?: AbortSignal) =>
  api.get<Page<Robot>>('/robots', { query: { pageSize: 'all', sort: 'sn' }, signal });

/**
 * The list as a live change leaves it (robot-live-updates.ts) already holds each robot it did not
 * change as the same object: compared deeply again, a fleet of thousands would be walked for
 * nothing at every frame of changes. Anything else (a list read from the server, what a screen
 * derives from the list) is shared structurally as usual.
 */
function shareStructure(before: unknown, next: unknown): unknown {
  const items = (next as Partial<Page<Robot>> | undefined)?.items;
  return Array.isArray(items) && madeInPlace(items) ? next : replaceEqualDeep(before, next);
}

export const robotsQueryOptions = () =>
  queryOptions({
    queryKey: robotKeys.list,
    queryFn: ({ signal }) => fetchRobots(signal),
    select: items,
    structuralSharing: shareStructure,
  });

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
