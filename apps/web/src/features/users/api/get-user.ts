import type { User } from '@railserve/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { userKeys } from './user-keys.ts';

/** GET /users/{id} */
export const fetchUser = (id: number, signal?: AbortSignal) => api.get<User>(`/users/${id}`, { signal });

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => fetchUser(id, signal) });

export const useUser = (id: number | undefined) =>
  useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== undefined && Number.isInteger(id) && id > 0 });
