import type { Page, Robot } from '@railserve/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { robotKeys } from './robot-keys.ts';

/** GET /robots?pageSize=all: every robot, sorted by SN; the page filters and sorts locally. */
export const fetchRobots = (signal?: AbortSignal) =>
  api.get<Page<Robot>>('/robots', { query: { pageSize: 'all', sort: 'sn' }, signal });

export const robotsQueryOptions = () =>
  queryOptions({ queryKey: robotKeys.list, queryFn: ({ signal }) => fetchRobots(signal), select: (page) => page.items });

export const useRobots = () => useQuery(robotsQueryOptions());
