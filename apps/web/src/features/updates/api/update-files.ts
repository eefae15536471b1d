import type { Page, UpdateFile } from '@railserve/protocol';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, apiUrl } from '../../../lib/api-client.ts';
import { tokenStore } from '../../../lib/session.ts';
import { updateKeys } from './update-keys.ts';

export const updateFilesQueryOptions = () =>
  queryOptions({
    queryKey: updateKeys.files,
    queryFn: ({ signal }) => api.get<Page<UpdateFile>>('/updates/files', { query: { pageSize: 'all' }, signal }),
  });

export const useUpdateFiles = () => useQuery(updateFilesQueryOptions());

/** After a file is added or removed: the list and the storage use both change. */
const invalidateFiles = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: updateKeys.files }),
    queryClient.invalidateQueries({ queryKey: updateKeys.storage }),
  ]);

/**
 * POST /updates/files (multipart field `file`). XMLHttpRequest rather than fetch: only it
 * reports upload progress. `onProgress` gets 0-100.
 */
export function uploadUpdateFile(file: File, onProgress: (percent: number) => void): Promise<UpdateFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/updates/files'));
    const token = tokenStore.get();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'Network error'));
    xhr.onload = () => {
      let body: { success?: boolean; data?: UpdateFile; message?: string; code?: string; details?: unknown } | undefined;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.data) return resolve(body.data);
      if (xhr.status === 401) tokenStore.clear();
      reject(new ApiError(xhr.status, body?.code ?? 'internal_error', body?.message ?? xhr.statusText, body?.details, !!body));
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

export function useUploadUpdateFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      uploadUpdateFile(file, onProgress),
    onSettled: () => invalidateFiles(queryClient),
  });
}

export function useDeleteUpdateFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/updates/files/${id}`),
    onSettled: () => invalidateFiles(queryClient),
  });
}
