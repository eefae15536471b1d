import type { AudioLibrary } from '@railserve/protocol';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { audioKeys } from './audio-keys.ts';

/** GET /tracks/{id}/audio: the track's clips, the system and table clips it lacks, and its storage use. */
export const fetchAudioLibrary = (trackId: number, signal?: AbortSignal) =>
  api.get<AudioLibrary>(`/tracks/${trackId}/audio`, { signal });

export const useAudioLibrary = (trackId: number) =>
  useQuery({ queryKey: audioKeys.library(trackId), queryFn: ({ signal }) => fetchAudioLibrary(trackId, signal) });
