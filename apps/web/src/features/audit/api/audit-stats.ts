import type { AuditStats } from '@railserve/protocol';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type AuditFilterParams, auditKeys } from './audit-keys.ts';

/** GET /audit/stats?<filters>&tz= : counts by type, result, user and day. */
export const fetchAuditStats = (filters: AuditFilterParams, tz: string, signal?: AbortSignal) =>
  api.get<AuditStats>('/audit/stats', { query: { ...filters, tz }, signal });

export const auditStatsQueryOptions = (filters: AuditFilterParams, tz: string) =>
  queryOptions({
    queryKey: auditKeys.stats(filters, tz),
    queryFn: ({ signal }) => fetchAuditStats(filters, tz, signal),
    placeholderData: keepPreviousData,
  });

export const useAuditStats = (filters: AuditFilterParams, tz: string, enabled = true) =>
  useQuery({ ...auditStatsQueryOptions(filters, tz), enabled });
