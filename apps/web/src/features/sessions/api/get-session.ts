import type { Session } from '@railserve/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionKeys } from './session-keys.ts';

/** GET /sessions/{id} */
export const fetchSession = (id: number, signal?: AbortSignal) => api.get<Session>(`/sessions/${id}`, { signal });

export const sessionQueryOptions = (id: number) =>
  queryOptions({ queryKey: sessionKeys.detail(id), queryFn: ({ signal }) => fetchSession(id, signal) });

export const useSession = (id: number | undefined) =>
  useQuery({ ...sessionQueryOptions(id ?? 0), enabled: id !== undefined && Number.isInteger(id) && id > 0 });
