import { AUDIT_RESULTS, AUDIT_TYPES, type AuditResult, type AuditType, PAGE_SIZE_DEFAULT } from '@railserve/protocol';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { AuditFilterParams, AuditListParams } from '../api/audit-keys.ts';

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

const text = (value: string | null) => value?.trim() || undefined;
const isoDate = (value: string | null) => (value && !Number.isNaN(Date.parse(value)) ? value : undefined);
const oneOf = <T extends string>(list: readonly T[], value: string | null) =>
  (list as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** Reads the page and filters from the URL, so reloads, links and the back button keep them. */
export function parseAuditParams(search: URLSearchParams): AuditListParams {
  return {
    page: positiveInt(search.get('page'), 1),
    pageSize: Math.min(positiveInt(search.get('pageSize'), PAGE_SIZE_DEFAULT), 500),
    type: oneOf<AuditType>(AUDIT_TYPES, search.get('type')),
    result: oneOf<AuditResult>(AUDIT_RESULTS, search.get('result')),
    username: text(search.get('username')),
    target: text(search.get('target')),
    q: text(search.get('q')),
    from: isoDate(search.get('from')),
    to: isoDate(search.get('to')),
  };
}

/** The filters without the paging, as the statistics and the export take them. */
export function filtersOf({ page: _page, pageSize: _pageSize, ...filters }: AuditListParams): AuditFilterParams {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as AuditFilterParams;
}

export function useAuditParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseAuditParams(search), [search]);
  /** Changing a filter goes back to page 1; changing the page keeps the filters. */
  const update = useCallback(
    (patch: Partial<AuditListParams>, replaceFilters = false) => {
      const base = replaceFilters ? { page: params.page, pageSize: params.pageSize } : params;
      const next = { ...base, ...('page' in patch ? {} : { page: 1 }), ...patch };
      const entries = Object.entries(next).filter(([, v]) => v !== undefined && v !== '');
      setSearch(new URLSearchParams(entries.map(([k, v]) => [k, String(v)])), { replace: true });
    },
    [params, setSearch],
  );
  return [params, update] as const;
}
