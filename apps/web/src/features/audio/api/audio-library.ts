import type { AudioLibrary } from '@railserve/protocol';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const audioKeys = {
  library: (trackId: number) => ['tracks', 'audio', trackId] as const,
};

/** GET /tracks/{id}/audio: the track's clips and the system and table clips it lacks. */
export const fetchAudioLibrary = (trackId: number, signal?: AbortSignal) =>
  api.get<AudioLibrary>(`/tracks/${trackId}/audio`, { signal });

export const useAudioLibrary = (trackId: number) =>
  useQuery({ queryKey: audioKeys.library(trackId), queryFn: ({ signal }) => fetchAudioLibrary(trackId, signal) });
