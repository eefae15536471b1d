import { PAGE_SIZE_DEFAULT, USER_STATUSES, type UserStatus } from '@railserve/protocol';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { UserListParams } from '../api/user-keys.ts';

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Reads the list's page and filters from the URL, so reloads and the back button keep them. */
export function parseUserListParams(search: URLSearchParams): UserListParams {
  const permission = Number(search.get('permission'));
  const status = search.get('status');
  return {
    page: positiveInt(search.get('page'), 1),
    pageSize: positiveInt(search.get('pageSize'), PAGE_SIZE_DEFAULT),
    q: search.get('q')?.trim() || undefined,
    permission: search.get('permission') !== null && [0, 1, 2, 3].includes(permission) ? permission : undefined,
    status: (USER_STATUSES as readonly string[]).includes(status ?? '') ? (status as UserStatus) : undefined,
  };
}

export function useUserListParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseUserListParams(search), [search]);
  /** Changing a filter goes back to page 1; changing the page keeps the filters. */
  const update = useCallback(
    (patch: Partial<UserListParams>) => {
      const next = { ...params, ...('page' in patch || 'pageSize' in patch ? {} : { page: 1 }), ...patch };
      const entries = Object.entries(next).filter(([, v]) => v !== undefined && v !== '');
      setSearch(new URLSearchParams(entries.map(([k, v]) => [k, String(v)])), { replace: true });
    },
    [params, setSearch],
  );
  return [params, update] as const;
}
