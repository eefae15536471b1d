import { PAGE_SIZE_DEFAULT, TRACK_TYPES, type TrackType } from '@railserve/protocol';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TrackListParams } from '../api/track-keys.ts';

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Reads the list's page and filters from the URL, so reloads and the back button keep them. */
export function parseTrackListParams(search: URLSearchParams): TrackListParams {
  const type = search.get('type');
  const status = search.get('statusCode');
  return {
    page: positiveInt(search.get('page'), 1),
    pageSize: positiveInt(search.get('pageSize'), PAGE_SIZE_DEFAULT),
    q: search.get('q')?.trim() || undefined,
    type: (TRACK_TYPES as readonly string[]).includes(type ?? '') ? (type as TrackType) : undefined,
    statusCode: status !== null && /^[0-4]$/.test(status) ? Number(status) : undefined,
  };
}

export function useTrackListParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseTrackListParams(search), [search]);
  /** Changing a filter goes back to page 1; changing the page keeps the filters. */
  const update = useCallback(
    (patch: Partial<TrackListParams>) => {
      const next = { ...params, ...('page' in patch || 'pageSize' in patch ? {} : { page: 1 }), ...patch };
      const entries = Object.entries(next).filter(([, v]) => v !== undefined && v !== '');
      setSearch(new URLSearchParams(entries.map(([k, v]) => [k, String(v)])), { replace: true });
    },
    [params, setSearch],
  );
  return [params, update] as const;
}
