import { ALARM_REPORT_MAX_DAYS } from '@railserve/protocol';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';

/** A duration in seconds as the report shows it: seconds, minutes or hours, one decimal; none: a dash. */
export function durationText(t: TFunction, seconds: number | null): string {
  if (seconds === null) return '-';
  const one = (n: number) => String(Math.round(n * 10) / 10);
  if (seconds < 60) return t('alarm-report.duration.seconds', { value: one(seconds) });
  if (seconds < 3600) return t('alarm-report.duration.minutes', { value: one(seconds / 60) });
  return t('alarm-report.duration.hours', { value: one(seconds / 3600) });
}

/** The days a report covers, first and last included, as the reader's local days. */
export type ReportDays = [Dayjs, Dayjs];

/** The last `days` days, today included. */
export const lastDays = (days: number, today = dayjs()): ReportDays => [
  today.subtract(days - 1, 'day').startOf('day'),
  today.startOf('day'),
];

/** The period `[from, to)` of whole local days: from the first day's start to the day after the last. */
export const periodOf = ([first, last]: ReportDays) => ({
  from: first.startOf('day').toISOString(),
  to: last.add(1, 'day').startOf('day').toISOString(),
});

/** A last day too far from the first one (the server refuses more than ALARM_REPORT_MAX_DAYS). */
export const tooLong = (first: Dayjs, last: Dayjs) => Math.abs(last.diff(first, 'day')) + 1 > ALARM_REPORT_MAX_DAYS;
