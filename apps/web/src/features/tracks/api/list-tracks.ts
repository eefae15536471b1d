import type { Page, Track } from '@railserve/protocol';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type TrackListParams, trackKeys } from './track-keys.ts';

/** GET /tracks?page=&pageSize=&q=&type=&statusCode= */
export const fetchTracks = (params: TrackListParams, signal?: AbortSignal) =>
  api.get<Page<Track>>('/tracks', { query: params, signal });

export const tracksQueryOptions = (params: TrackListParams) =>
  queryOptions({
    queryKey: trackKeys.list(params),
    queryFn: ({ signal }) => fetchTracks(params, signal),
    placeholderData: keepPreviousData,
  });

export const useTracks = (params: TrackListParams) => useQuery(tracksQueryOptions(params));
