import type { TrackType } from '@railserve/protocol';

export type TrackListParams = { page: number; pageSize: number | 'all'; q?: string; type?: TrackType; statusCode?: number };

/** Query keys of the tracks slice; mutations invalidate `trackKeys.all`, live status patches lists and details. */
export const trackKeys = {
  all: ['tracks'] as const,
  lists: ['tracks', 'list'] as const,
  list: (params: TrackListParams) => ['tracks', 'list', params] as const,
  detail: (id: number) => ['tracks', 'detail', id] as const,
  map: (id: number) => ['tracks', 'map', id] as const,
  commands: (id: number) => ['tracks', 'commands', id] as const,
  statusChanges: (id: number) => ['tracks', 'status-changes', id] as const,
  robots: (id: number) => ['tracks', 'robots', id] as const,
};
