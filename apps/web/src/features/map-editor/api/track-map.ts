import type { TrackMap } from '@railserve/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mapKeys } from './map-keys.ts';

/** GET /tracks/{id}/map: the saved map, null when none is saved. */
export const fetchMap = (trackId: number, signal?: AbortSignal) => api.get<TrackMap | null>(`/tracks/${trackId}/map`, { signal });

export const useSavedMap = (trackId: number) =>
  useQuery({
    queryKey: mapKeys.map(trackId),
    queryFn: ({ signal }) => fetchMap(trackId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** PUT /tracks/{id}/map: saves the map; reload_map makes it live on the track. */
export const saveMap = ({ trackId, map }: { trackId: number; map: TrackMap }) => api.put<TrackMap>(`/tracks/${trackId}/map`, map);

export function useSaveMap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMap,
    onSuccess: (map, { trackId }) => {
      queryClient.setQueryData(mapKeys.map(trackId), map);
      void queryClient.invalidateQueries({ queryKey: mapKeys.state(trackId) });
      return queryClient.invalidateQueries({ queryKey: mapKeys.trackDetail(trackId) });
    },
  });
}
