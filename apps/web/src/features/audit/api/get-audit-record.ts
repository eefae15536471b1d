import type { AuditRecord } from '@railserve/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { auditKeys } from './audit-keys.ts';

/** GET /audit/{id}: the full record with request, response, old and new values. */
export const fetchAuditRecord = (id: number, signal?: AbortSignal) => api.get<AuditRecord>(`/audit/${id}`, { signal });

export const auditRecordQueryOptions = (id: number) =>
  queryOptions({ queryKey: auditKeys.detail(id), queryFn: ({ signal }) => fetchAuditRecord(id, signal), staleTime: Infinity });

export const useAuditRecord = (id: number | undefined) =>
  useQuery({ ...auditRecordQueryOptions(id ?? 0), enabled: id !== undefined });
