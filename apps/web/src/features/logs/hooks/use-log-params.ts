import { LOG_LEVELS, LOG_SOURCES, type LogLevel, type LogSource, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@railserve/protocol';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { LogFilterParams, LogListParams, LogPageSize } from '../api/log-keys.ts';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const SN = /^[A-Za-z0-9_-]{1,64}$/;

function positiveInt(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

const text = (value: string | null) => value?.trim() || undefined;
const isoDate = (value: string | null) => (value && !Number.isNaN(Date.parse(value)) ? value : undefined);
const oneOf = <T extends string>(list: readonly T[], value: string | null) =>
  (list as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

function pageSizeOf(value: string | null): LogPageSize {
  if (value === 'all') return 'all';
  return Math.min(positiveInt(value) ?? PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX);
}

/** Reads the page and filters from the URL, so reloads, links and the back button keep them. */
export function parseLogParams(search: URLSearchParams): LogListParams {
  return {
    page: positiveInt(search.get('page')) ?? 1,
    pageSize: pageSizeOf(search.get('pageSize')),
    source: oneOf<LogSource>(LOG_SOURCES, search.get('source')),
    trackId: positiveInt(search.get('trackId')),
    robotSn: SN.test(search.get('robotSn') ?? '') ? (search.get('robotSn') as string) : undefined,
    q: text(search.get('q')),
    type: text(search.get('type')),
    level: oneOf<LogLevel>(LOG_LEVELS, search.get('level')),
    from: isoDate(search.get('from')),
    to: isoDate(search.get('to')),
    timeFrom: HH_MM.test(search.get('timeFrom') ?? '') ? (search.get('timeFrom') as string) : undefined,
    timeTo: HH_MM.test(search.get('timeTo') ?? '') ? (search.get('timeTo') as string) : undefined,
  };
}

/** The filters without the paging, as the export and the delete take them. */
export function filtersOf({ page: _page, pageSize: _pageSize, ...filters }: LogListParams): LogFilterParams {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as LogFilterParams;
}

export function useLogParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseLogParams(search), [search]);
  /** Changing a filter or the page size goes back to page 1; changing the page keeps the filters. */
  const update = useCallback(
    (patch: Partial<LogListParams>, replaceFilters = false) => {
      const base = replaceFilters ? { page: params.page, pageSize: params.pageSize } : params;
      const next = { ...base, ...('page' in patch ? {} : { page: 1 }), ...patch };
      const entries = Object.entries(next).filter(([, v]) => v !== undefined && v !== '');
      setSearch(new URLSearchParams(entries.map(([k, v]) => [k, String(v)])), { replace: true });
    },
    [params, setSearch],
  );
  return [params, update] as const;
}
