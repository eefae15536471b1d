import type { AuditSummary, Page } from '@railserve/protocol';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type AuditListParams, auditKeys } from './audit-keys.ts';

/** GET /audit?page=&pageSize=&type=&result=&username=&target=&q=&from=&to= (newest first) */
export const fetchAuditRecords = (params: AuditListParams, signal?: AbortSignal) =>
  api.get<Page<AuditSummary>>('/audit', { query: params, signal });

export const auditRecordsQueryOptions = (params: AuditListParams) =>
  queryOptions({
    queryKey: auditKeys.list(params),
    queryFn: ({ signal }) => fetchAuditRecords(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAuditRecords = (params: AuditListParams) => useQuery(auditRecordsQueryOptions(params));
