import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@railserve/protocol';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Readers of one URL query value: each returns the value when it is valid and `undefined`
 * otherwise, so a hand-edited or stale link never reaches the server as a bad filter.
 */
export const fromUrl = {
  positiveInt(value: string | null): number | undefined {
    const n = Number(value);
    return value !== null && Number.isInteger(n) && n > 0 ? n : undefined;
  },
  text: (value: string | null) => value?.trim() || undefined,
  isoDate: (value: string | null) => (value && !Number.isNaN(Date.parse(value)) ? value : undefined),
  oneOf: <T extends string | number>(list: readonly T[], value: string | null): T | undefined =>
    list.find((item) => value !== null && String(item) === value),
  matching: (pattern: RegExp, value: string | null) => (value !== null && pattern.test(value) ? value : undefined),
};

/** The page and page size of a paged list. */
export function pageFromUrl(search: URLSearchParams): { page: number; pageSize: number } {
  return {
    page: fromUrl.positiveInt(search.get('page')) ?? 1,
    pageSize: Math.min(fromUrl.positiveInt(search.get('pageSize')) ?? PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX),
  };
}

/** The fields that hold a value: what goes into a URL or a request. */
export function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
}

/**
 * A screen's list state kept in the URL, so reloads, links and the back button keep it. In a
 * paged list, changing a filter goes back to page 1 and changing the page keeps the filters;
 * `replaceFilters` drops every filter the patch does not name (a "clear" or an applied form).
 */
export function useUrlState<P extends object>(parse: (search: URLSearchParams) => P) {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parse(search), [parse, search]);
  const update = useCallback(
    (patch: Partial<P>, replaceFilters = false) => {
      const { page, pageSize } = params as { page?: number; pageSize?: unknown };
      const paged = page !== undefined;
      const base = replaceFilters ? { page, pageSize } : params;
      const next = { ...base, ...(paged && !('page' in patch) ? { page: 1 } : {}), ...patch };
      const entries = Object.entries(definedOnly(next));
      setSearch(new URLSearchParams(entries.map(([k, v]) => [k, String(v)])), { replace: true });
    },
    [params, setSearch],
  );
  return [params, update] as const;
}
