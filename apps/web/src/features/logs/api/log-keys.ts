import type { LogLevel, LogSource } from '@railserve/protocol';

/** The filters the list, the export and "delete what the filter matches" share (query parameters of /logs). */
export type LogFilterParams = {
  source?: LogSource;
  trackId?: number;
  robotSn?: string;
  q?: string;
  type?: string;
  level?: LogLevel;
  /** ISO date-times: the date range. */
  from?: string;
  to?: string;
  /** `HH:mm`: the time-of-day window, applied to every day, in the reader's zone. */
  timeFrom?: string;
  timeTo?: string;
};

export type LogPageSize = number | 'all';
export type LogListParams = LogFilterParams & { page: number; pageSize: LogPageSize };

/** Query keys of the logs slice; a delete invalidates `logKeys.all`. */
export const logKeys = {
  all: ['logs'] as const,
  list: (params: LogListParams, tz: string) => ['logs', 'list', params, tz] as const,
  types: ['logs', 'types'] as const,
  tracks: ['logs', 'choices', 'tracks'] as const,
  robots: ['logs', 'choices', 'robots'] as const,
};
