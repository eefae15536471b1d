import type { AuditCleanupResult } from '@railserve/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { auditKeys } from './audit-keys.ts';

/** POST /audit/cleanup: removes the records older than 90 days and answers how many. */
export const cleanupAudit = () => api.post<AuditCleanupResult>('/audit/cleanup');

export function useCleanupAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cleanupAudit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditKeys.all }),
  });
}
