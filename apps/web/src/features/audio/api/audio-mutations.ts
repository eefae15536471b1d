import type { AudioBatchReport, AudioClip, AudioKind, TableSide } from '@railserve/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { uploadForm } from '../../../lib/upload.ts';
import { audioKeys } from './audio-keys.ts';

type Progress = { onProgress?: (percent: number) => void };
export type UploadAudioInput = { trackId: number; kind: AudioKind; name: string; tableSide?: TableSide; file: File } & Progress;

const fileForm = (file: File, fields: Record<string, string | undefined> = {}) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value) form.append(key, value);
  form.append('file', file);
  return form;
};

/** POST /tracks/{id}/audio: one clip; the server reads the format from the content. */
export const uploadAudio = ({ trackId, file, onProgress, ...fields }: UploadAudioInput) =>
  uploadForm<AudioClip>(`/tracks/${trackId}/audio`, fileForm(file, fields), { onProgress });

/** PUT /tracks/{id}/audio/{audioId}/file: a new file for a clip, keeping its name. */
export const replaceAudio = ({
  trackId,
  audioId,
  file,
  onProgress,
}: { trackId: number; audioId: number; file: File } & Progress) =>
  uploadForm<AudioClip>(`/tracks/${trackId}/audio/${audioId}/file`, fileForm(file), { method: 'PUT', onProgress });

/** POST /tracks/{id}/audio/batch: a ZIP of clips, answered with what was added, replaced and refused. */
export const uploadAudioZip = ({ trackId, file, onProgress }: { trackId: number; file: File } & Progress) =>
  uploadForm<AudioBatchReport>(`/tracks/${trackId}/audio/batch`, fileForm(file), { onProgress });

export const renameAudio = ({ trackId, audioId, name }: { trackId: number; audioId: number; name: string }) =>
  api.put<AudioClip>(`/tracks/${trackId}/audio/${audioId}`, { name });

export const deleteAudio = ({ trackId, audioId }: { trackId: number; audioId: number }) =>
  api.delete<null>(`/tracks/${trackId}/audio/${audioId}`);

/** A mutation of the library that reloads it once settled (a refused ZIP changes nothing, a partial one some). */
function useLibraryMutation<I extends { trackId: number }, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: (_data, _error, { trackId }) => queryClient.invalidateQueries({ queryKey: audioKeys.library(trackId) }),
  });
}

export const useUploadAudio = () => useLibraryMutation(uploadAudio);
export const useReplaceAudio = () => useLibraryMutation(replaceAudio);
export const useUploadAudioZip = () => useLibraryMutation(uploadAudioZip);
export const useRenameAudio = () => useLibraryMutation(renameAudio);
export const useDeleteAudio = () => useLibraryMutation(deleteAudio);
