import type { MapBackgroundUpload } from '@railserve/protocol';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api, fetchBlob } from '../../../lib/api-client.ts';
import { mapKeys } from './map-keys.ts';

/** POST /tracks/{id}/map/background (multipart field `file`): PNG, JPEG or WebP by content. */
export function uploadBackground({ trackId, file }: { trackId: number; file: File }) {
  const form = new FormData();
  form.append('file', file);
  return api.post<MapBackgroundUpload>(`/tracks/${trackId}/map/background`, form);
}

export const useUploadBackground = () => useMutation({ mutationFn: uploadBackground });

/** GET /tracks/{id}/map/background?v=<file>: the image as a blob; `file` changes with every upload. */
export function useBackgroundImage(trackId: number, file: string | undefined) {
  const blob = useQuery({
    queryKey: mapKeys.background(trackId, file ?? ''),
    queryFn: ({ signal }) => fetchBlob(`/tracks/${trackId}/map/background`, { query: { v: file }, signal }),
    enabled: !!file,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : undefined), [blob.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}
