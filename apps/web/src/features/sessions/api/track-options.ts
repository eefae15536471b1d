import type { Page, Track } from '@railserve/protocol';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionKeys } from './session-keys.ts';

export type TrackOption = Pick<Track, 'id' | 'name' | 'sessionId'>;

/**
 * Every track, for the session form's picker (GET /tracks?pageSize=all). The key sits under
 * `tracks`, so track changes refresh it; features do not import each other, hence the own call.
 */
export const useTrackOptions = () =>
  useQuery({
    queryKey: sessionKeys.trackOptions,
    queryFn: async ({ signal }) => {
      const page = await api.get<Page<Track>>('/tracks', { query: { pageSize: 'all' }, signal });
      return page.items.map(({ id, name, sessionId }): TrackOption => ({ id, name, sessionId }));
    },
  });
