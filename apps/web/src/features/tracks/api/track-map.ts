import type { TrackMap, TrackMapInput } from '@railserve/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isTrackId } from './get-track.ts';
import { trackKeys } from './track-keys.ts';

/** GET /tracks/{id}/map: the saved map, null when none is saved. */
export const fetchTrackMap = (id: number, signal?: AbortSignal) => api.get<TrackMap | null>(`/tracks/${id}/map`, { signal });

export const useTrackMap = (id: number | undefined) =>
  useQuery({ queryKey: trackKeys.map(id ?? 0), queryFn: ({ signal }) => fetchTrackMap(id!, signal), enabled: isTrackId(id) });

/** PUT /tracks/{id}/map: saves a map; reload_map makes it live on the track. */
export const saveTrackMap = ({ id, map }: { id: number; map: TrackMapInput }) => api.put<TrackMap>(`/tracks/${id}/map`, map);

export function useSaveTrackMap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTrackMap,
    onSuccess: (map, { id }) => {
      queryClient.setQueryData(trackKeys.map(id), map);
      return queryClient.invalidateQueries({ queryKey: trackKeys.detail(id) });
    },
  });
}
