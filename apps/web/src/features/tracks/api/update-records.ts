import type { Page, UpdateRecord } from '@railserve/protocol';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { trackKeys } from './track-keys.ts';

/**
 * The robot update records still waiting for download whose robot is on the track: what the
 * track's `update` command can install (GET /updates?deviceType=robot&status=waiting_download).
 */
export function useWaitingUpdateRecords(trackId: number, robots: string[]) {
  return useQuery({
    queryKey: [...trackKeys.all, 'update-records', trackId],
    queryFn: ({ signal }) =>
      api.get<Page<UpdateRecord>>('/updates', {
        query: { deviceType: 'robot', status: 'waiting_download', pageSize: 'all' },
        signal,
      }),
    select: (page) => page.items.filter((record) => robots.includes(record.deviceSerial)),
  });
}
