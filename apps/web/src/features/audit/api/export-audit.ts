import type { AuditExportFormat, Locale } from '@railserve/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download.ts';
import { type AuditFilterParams, auditKeys } from './audit-keys.ts';

export type AuditExportRequest = { format: AuditExportFormat; filters: AuditFilterParams; lang: Locale; tz: string };

/** GET /audit/export: the whole filtered set as a CSV or XLSX download. */
export const downloadAuditExport = ({ format, filters, lang, tz }: AuditExportRequest) =>
  downloadFile('/audit/export', { format, lang, tz, ...filters }, `audit.${format}`);

/** The export leaves its own audit record, so the list is refreshed afterwards. */
export function useExportAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downloadAuditExport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: auditKeys.all }),
  });
}
