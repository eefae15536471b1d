import type { StorageUsage } from '@railserve/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { updateKeys } from './update-keys.ts';

/** GET /updates/storage: the space audio and update files take together, and the total quota. */
export const uploadStorageQueryOptions = () =>
  queryOptions({
    queryKey: updateKeys.storage,
    queryFn: ({ signal }) => api.get<StorageUsage>('/updates/storage', { signal }),
  });

export const useUploadStorage = () => useQuery(uploadStorageQueryOptions());
