import { PAGE_SIZE_DEFAULT } from '@railserve/protocol';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { SessionListParams } from '../api/session-keys.ts';

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Reads the list's page and search from the URL, so reloads and the back button keep them. */
export function parseSessionListParams(search: URLSearchParams): SessionListParams {
  return {
    page: positiveInt(search.get('page'), 1),
    pageSize: positiveInt(search.get('pageSize'), PAGE_SIZE_DEFAULT),
    q: search.get('q')?.trim() || undefined,
  };
}

export function useSessionListParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseSessionListParams(search), [search]);
  /** A new search goes back to page 1; changing the page keeps the search. */
  const update = useCallback(
    (patch: Partial<SessionListParams>) => {
      const next = { ...params, ...('page' in patch || 'pageSize' in patch ? {} : { page: 1 }), ...patch };
      const entries = Object.entries(next).filter(([, v]) => v !== undefined && v !== '');
      setSearch(new URLSearchParams(entries.map(([k, v]) => [k, String(v)])), { replace: true });
    },
    [params, setSearch],
  );
  return [params, update] as const;
}
