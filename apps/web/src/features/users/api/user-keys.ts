import type { UserStatus } from '@railserve/protocol';

export type UserListParams = {
  page: number;
  pageSize: number;
  q?: string;
  permission?: number;
  status?: UserStatus;
};

/** Query keys of the users slice; mutations invalidate `userKeys.all`. */
export const userKeys = {
  all: ['users'] as const,
  list: (params: UserListParams) => ['users', 'list', params] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};
