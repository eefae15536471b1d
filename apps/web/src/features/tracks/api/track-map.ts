import type { TrackMap } from '@railserve/protocol';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isTrackId } from './get-track.ts';
import { trackKeys } from './track-keys.ts';

/** GET /tracks/{id}/map: the saved map, null when none is saved (the map editor saves it). */
export const fetchTrackMap = (id: number, signal?: AbortSignal) => api.get<TrackMap | null>(`/tracks/${id}/map`, { signal });

export const useTrackMap = (id: number | undefined) =>
  useQuery({ queryKey: trackKeys.map(id ?? 0), queryFn: ({ signal }) => fetchTrackMap(id!, signal), enabled: isTrackId(id) });
