import type { Page, Robot } from '@railserve/protocol';
import { hashKey, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { findRobot } from './robot-index.ts';
import { robotKeys } from './robot-keys.ts';

const LIST = hashKey(robotKeys.list);

const listOf = (queryClient: QueryClient) => queryClient.getQueryCache().get<Page<Robot>>(LIST)?.state.data?.items;

/**
 * One robot of the live list, by SN, for a part of the screen that shows that robot only (a cell
 * of a row): it renders again when that robot changes, not when another one does, and without
 * running anything over the whole fleet.
 */
export function useLiveRobot(sn: string): Robot | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.query.queryHash === LIST) onChange();
      }),
    [queryClient],
  );
  return useSyncExternalStore(subscribe, () => {
    const items = listOf(queryClient);
    return items ? findRobot(items, sn) : undefined;
  });
}
