import type { CreateTrackInput, Track, UpdateTrackBody } from '@railserve/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { trackKeys } from './track-keys.ts';

/** POST /tracks (409 track_name_taken for a duplicate name). */
export const createTrack = (body: CreateTrackInput) => api.post<Track>('/tracks', body);
/** PUT /tracks/{id}; register and viewer mode change by command, not here. */
export const updateTrack = ({ id, body }: { id: number; body: UpdateTrackBody }) => api.put<Track>(`/tracks/${id}`, body);
/** DELETE /tracks/{id} */
export const deleteTrack = (id: number) => api.delete<unknown>(`/tracks/${id}`);

function useTrackMutation<V>(mutationFn: (variables: V) => Promise<Track>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (track) => {
      queryClient.setQueryData(trackKeys.detail(track.id), track);
      void queryClient.invalidateQueries({ queryKey: trackKeys.all });
    },
  });
}

export const useCreateTrack = () => useTrackMutation(createTrack);
export const useUpdateTrack = () => useTrackMutation(updateTrack);

export function useDeleteTrack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTrack,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: trackKeys.detail(id) });
      // Sessions list their tracks by name.
      void queryClient.invalidateQueries({ queryKey: ['sessions'] });
      return queryClient.invalidateQueries({ queryKey: trackKeys.all });
    },
  });
}
