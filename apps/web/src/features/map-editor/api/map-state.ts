import type { CommandRecord, TrackMapState } from '@railserve/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client.ts';
import { mapKeys } from './map-keys.ts';

/** GET /tracks/{id}/map/state: the saved version and the one live on the track. */
export const fetchMapState = (trackId: number, signal?: AbortSignal) =>
  api.get<TrackMapState>(`/tracks/${trackId}/map/state`, { signal });

export const useMapState = (trackId: number) =>
  useQuery({ queryKey: mapKeys.state(trackId), queryFn: ({ signal }) => fetchMapState(trackId, signal) });

/** POST /tracks/{id}/commands?wait=true with reload_map: answers once the controller acknowledged (or not). */
export const reloadMap = (trackId: number) =>
  api.post<CommandRecord>(`/tracks/${trackId}/commands`, { command: 'reload_map' }, { query: { wait: true } });

/** Reads the map state again, for when a save made a new version (app/track-map-route.tsx). */
export function useRefreshMapState() {
  const queryClient = useQueryClient();
  return useCallback(
    (trackId: number) => void queryClient.invalidateQueries({ queryKey: mapKeys.state(trackId) }),
    [queryClient],
  );
}

export function useReloadMap(trackId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => reloadMap(trackId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mapKeys.state(trackId) }),
  });
}
