import type { AnalyticsExportFormat, AnalyticsExportTable, Locale } from '@railserve/protocol';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download.ts';
import type { AnalyticsParams } from './analytics-keys.ts';

export type AnalyticsExportRequest = {
  table: AnalyticsExportTable;
  format: AnalyticsExportFormat;
  params: AnalyticsParams;
  lang: Locale;
};

/** GET /analytics/export: one table of the screen, as on screen, as a CSV or XLSX download (as logs export). */
export const downloadAnalyticsExport = ({ table, format, params, lang }: AnalyticsExportRequest) =>
  downloadFile('/analytics/export', { ...params, table, format, lang }, `analytics-${table}.${format}`);

export const useExportAnalytics = () => useMutation({ mutationFn: downloadAnalyticsExport });
