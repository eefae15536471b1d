import type { CreateUpdateRecordBody, Page, UpdateRecord, UpdateUpdateRecordBody } from '@railserve/protocol';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';
import { type UpdateRecordParams, updateKeys } from './update-keys.ts';

/** GET /updates?page=&pageSize=&q=&deviceType=&status= (most recently changed first) */
export const fetchUpdateRecords = (params: UpdateRecordParams, signal?: AbortSignal) =>
  api.get<Page<UpdateRecord>>('/updates', { query: params, signal });

/** While a device is on its way (waiting or downloading), the list refreshes itself. */
const IN_PROGRESS_REFRESH_MS = 3000;

export const updateRecordsQueryOptions = (params: UpdateRecordParams) =>
  queryOptions({
    queryKey: updateKeys.records(params),
    queryFn: ({ signal }) => fetchUpdateRecords(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((r) => r.status === 'download_complete') ? IN_PROGRESS_REFRESH_MS : false,
  });

export const useUpdateRecords = (params: UpdateRecordParams) => useQuery(updateRecordsQueryOptions(params));

function useUpdatesMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: updateKeys.all }) });
}

export const useCreateUpdateRecord = () =>
  useUpdatesMutation((body: CreateUpdateRecordBody) => api.post<UpdateRecord>('/updates', body));

export const useEditUpdateRecord = () =>
  useUpdatesMutation(({ id, body }: { id: number; body: UpdateUpdateRecordBody }) =>
    api.put<UpdateRecord>(`/updates/${id}`, body),
  );

export const useDeleteUpdateRecord = () => useUpdatesMutation((id: number) => api.delete<null>(`/updates/${id}`));

/** GET /updates/{id}/download?code=…: the server refuses without the code (400) or with a wrong one (403). */
export const downloadUpdate = (record: Pick<UpdateRecord, 'id' | 'filename'>, code: string) =>
  downloadFile(`/updates/${record.id}/download`, { code }, record.filename);
