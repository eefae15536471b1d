import { useEffect, useState } from 'react';

/**
 * One date and time format for every list, detail, log and export, in both languages:
 * `YYYY-MM-DD HH:mm:ss`, 24-hour, in the reader's time zone. The exports write the same
 * (server `zonedClock`, audit `formatTime`), so a time reads alike on screen and in a file.
 */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

const pad = (n: number) => String(n).padStart(2, '0');

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** How long ago, in the reader's language ("12 秒前", "12 sec. ago"); a future time reads "now". */
export function formatRelativeTime(value: string | Date | null | undefined, locale: string, now = Date.now()): string {
  if (!value) return '';
  const time = (value instanceof Date ? value : new Date(value)).getTime();
  if (Number.isNaN(time)) return String(value);
  const seconds = Math.max(0, Math.round((now - time) / 1000));
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  const [unit, size] = UNITS.find(([, s]) => seconds >= s) ?? ['second', 1];
  return format.format(-Math.floor(seconds / size), unit);
}

/** The current time, renewed every `intervalMs`, so relative times on screen stay true. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
