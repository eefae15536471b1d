import type { AlarmReport, AlarmReportGrouping, Locale, LogExportFormat } from '@railserve/protocol';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';
import { alarmKeys } from './alarm-keys.ts';

/** A report's period `[from, to)` as ISO date-times. */
export type ReportPeriod = { from: string; to: string };

/** GET /alarms/report?from&to: the three groupings at once. */
export const alarmReportQueryOptions = (period: ReportPeriod) =>
  queryOptions({
    queryKey: [...alarmKeys.all, 'report', period] as const,
    queryFn: ({ signal }) => api.get<AlarmReport>('/alarms/report', { query: period, signal }),
    placeholderData: keepPreviousData,
  });

export const useAlarmReport = (period: ReportPeriod) => useQuery(alarmReportQueryOptions(period));

export type ReportExportRequest = ReportPeriod & {
  groupBy: AlarmReportGrouping;
  format: LogExportFormat;
  lang: Locale;
  tz: string;
};

/** GET /alarms/report/export: one grouping as a CSV or XLSX download in the reader's language, like logs. */
export const downloadReportExport = (request: ReportExportRequest) =>
  downloadFile('/alarms/report/export', request, `alarm-report.${request.format}`);

export const useExportAlarmReport = () => useMutation({ mutationFn: downloadReportExport });
