import type { Locale, LogExportFormat } from '@railserve/protocol';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download.ts';
import type { LogFilterParams } from './log-keys.ts';

export type LogExportRequest = { format: LogExportFormat; filters: LogFilterParams; lang: Locale; tz: string };

/** GET /logs/export: the whole filtered set as a CSV or XLSX download. */
export const downloadLogExport = ({ format, filters, lang, tz }: LogExportRequest) =>
  downloadFile('/logs/export', { format, lang, tz, ...filters }, `logs.${format}`);

export const useExportLogs = () => useMutation({ mutationFn: downloadLogExport });
