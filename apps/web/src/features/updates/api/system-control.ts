import type { SystemActionResult, SystemVersions } from '@railserve/protocol';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { updateKeys } from './update-keys.ts';

export const systemVersionsQueryOptions = () =>
  queryOptions({
    queryKey: updateKeys.versions,
    queryFn: ({ signal }) => api.get<SystemVersions>('/system/versions', { signal }),
  });

export const useSystemVersions = () => useQuery(systemVersionsQueryOptions());

/** POST /system/force-reload: every open console reloads (HCP4/frontend/update, payload 1). */
export const useForceReload = () => useMutation({ mutationFn: () => api.post<SystemActionResult>('/system/force-reload') });

/** POST /system/restart: the server stops gracefully and its supervisor starts it again. */
export const useRestartServer = () => useMutation({ mutationFn: () => api.post<SystemActionResult>('/system/restart') });

/** When the running server process started (GET /api/version): a restart changes it. */
export const fetchServerStart = (signal?: AbortSignal) =>
  api.get<{ startedAt: string }>('/version', { signal }).then((version) => version.startedAt);
