import type { Track } from '@railserve/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { trackKeys } from './track-keys.ts';

/** GET /tracks/{id}; the live status in it is kept current by the broker (track-status-updates.ts). */
export const fetchTrack = (id: number, signal?: AbortSignal) => api.get<Track>(`/tracks/${id}`, { signal });

export const trackQueryOptions = (id: number) =>
  queryOptions({ queryKey: trackKeys.detail(id), queryFn: ({ signal }) => fetchTrack(id, signal) });

export const isTrackId = (id: number | undefined): id is number => id !== undefined && Number.isInteger(id) && id > 0;

export const useTrack = (id: number | undefined) => useQuery({ ...trackQueryOptions(id ?? 0), enabled: isTrackId(id) });
