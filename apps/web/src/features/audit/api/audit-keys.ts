import type { AuditResult, AuditType } from '@railserve/protocol';

/** The filters the list, the statistics and the export share (query parameters of /audit). */
export type AuditFilterParams = {
  type?: AuditType;
  result?: AuditResult;
  username?: string;
  target?: string;
  q?: string;
  /** ISO date-times. */
  from?: string;
  to?: string;
};

export type AuditListParams = AuditFilterParams & { page: number; pageSize: number };

/** Query keys of the audit slice; the cleanup invalidates `auditKeys.all`. */
export const auditKeys = {
  all: ['audit'] as const,
  list: (params: AuditListParams) => ['audit', 'list', params] as const,
  stats: (filters: AuditFilterParams, tz: string) => ['audit', 'stats', filters, tz] as const,
  detail: (id: number) => ['audit', 'detail', id] as const,
};
