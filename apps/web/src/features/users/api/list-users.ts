import type { Page, User } from '@railserve/protocol';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type UserListParams, userKeys } from './user-keys.ts';

/** GET /users?page=&pageSize=&q=&permission=&status= */
export const fetchUsers = (params: UserListParams, signal?: AbortSignal) =>
  api.get<Page<User>>('/users', { query: params, signal });

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => fetchUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: UserListParams) => useQuery(usersQueryOptions(params));
