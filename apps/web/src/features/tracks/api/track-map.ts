import type { TrackMap } from '@railserve/protocol';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client.ts';
import { isTrackId } from './get-track.ts';
import { trackKeys } from './track-keys.ts';

/** GET /tracks/{id}/map: the saved map, null when none is saved (the map editor saves it). */
export const fetchTrackMap = (id: number, signal?: AbortSignal) => api.get<TrackMap | null>(`/tracks/${id}/map`, { signal });

/**
 * The one definition of a track's saved map, for the track screens and, through
 * app/track-map-route.tsx, the map editor. Stale at once (the default): a screen that opens
 * again shows a map another console saved meanwhile. The editor can share that: the saved map only
 * seeds its state when it opens, so a refetch under it never touches edits in progress.
 */
export const trackMapQueryOptions = (id: number) =>
  queryOptions({ queryKey: trackKeys.map(id), queryFn: ({ signal }) => fetchTrackMap(id, signal), staleTime: 0 });

export const useTrackMap = (id: number | undefined) => useQuery({ ...trackMapQueryOptions(id ?? 0), enabled: isTrackId(id) });

/** Reads a track's map again, for a change elsewhere that the server reflects in it (the table layout). */
export function useRefreshTrackMap() {
  const queryClient = useQueryClient();
  return useCallback((trackId: number) => queryClient.invalidateQueries({ queryKey: trackKeys.map(trackId) }), [queryClient]);
}

/** PUT /tracks/{id}/map: saves the map; reload_map makes it live on the track. */
export const saveTrackMap = ({ trackId, map }: { trackId: number; map: TrackMap }) =>
  api.put<TrackMap>(`/tracks/${trackId}/map`, map);

/** Saves a map (the map editor, through app/track-map-route.tsx); the track's detail (hasMap, mapUpdatedAt) follows. */
export function useSaveTrackMap({ onSaved }: { onSaved?: (trackId: number) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTrackMap,
    onSuccess: (map, { trackId }) => {
      queryClient.setQueryData(trackKeys.map(trackId), map);
      onSaved?.(trackId);
      return queryClient.invalidateQueries({ queryKey: trackKeys.detail(trackId) });
    },
  });
}
