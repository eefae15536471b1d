import type { AlarmSeverity } from '@railserve/protocol';

/** The filters of `GET /alarms` (its query parameters). */
export type AlarmFilterParams = {
  state?: 'active' | 'cleared';
  acknowledged?: boolean;
  severity?: AlarmSeverity;
  trackId?: number;
  robotSn?: string;
  code?: string;
  assigneeId?: number;
  /** ISO date-times bounding `raisedAt`. */
  from?: string;
  to?: string;
};
export type AlarmListParams = AlarmFilterParams & { page: number; pageSize: number };

/** Query keys of the alarms slice; every change (API or live) invalidates `alarmKeys.all`'s lists and summary. */
export const alarmKeys = {
  all: ['alarms'] as const,
  lists: ['alarms', 'list'] as const,
  list: (params: AlarmListParams) => ['alarms', 'list', params] as const,
  detail: (id: number) => ['alarms', 'detail', id] as const,
  summary: ['alarms', 'summary'] as const,
  assignees: ['alarms', 'choices', 'assignees'] as const,
  tracks: ['alarms', 'choices', 'tracks'] as const,
  robots: ['alarms', 'choices', 'robots'] as const,
};
