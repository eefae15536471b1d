import { useSyncExternalStore } from 'react';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * One date and time format for every list, detail, log and export, in both languages:
 * `YYYY-MM-DD HH:mm:ss`, 24-hour, in the reader's time zone. The exports write the same
 * (server `zonedClock`, audit `formatTime`), so a time reads alike on screen and in a file.
 */
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

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
/** One formatter per language: a live list formats many times a second. */
function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
    relativeFormats.set(locale, format);
  }
  return format;
}

/** How long ago, in the reader's language ("12 秒前", "12 sec. ago"); a future time reads "now". */
export function formatRelativeTime(value: string | Date | null | undefined, locale: string, now = Date.now()): string {
  if (!value) return '';
  const time = (value instanceof Date ? value : new Date(value)).getTime();
  if (Number.isNaN(time)) return String(value);
  const seconds = Math.max(0, Math.round((now - time) / 1000));
  const format = relativeFormat(locale);
  const [unit, size] = UNITS.find(([, s]) => seconds >= s) ?? ['second', 1];
  return format.format(-Math.floor(seconds / size), unit);
}

/**
 * One clock for the whole page, ticking each second while something reads it: every relative time
 * on screen reads the same second, and only the components that show one render on the tick (a
 * list of thousands does not).
 */
const clock = {
  now: Date.now(),
  listeners: new Set<() => void>(),
  timer: undefined as ReturnType<typeof setInterval> | undefined,
};

function subscribeClock(listener: () => void): () => void {
  clock.listeners.add(listener);
  // A clock that was stopped starts from the present; React reads it again after subscribing.
  if (clock.timer === undefined) clock.now = Date.now();
  clock.timer ??= setInterval(() => {
    clock.now = Date.now();
    for (const notify of clock.listeners) notify();
  }, 1000);
  return () => {
    clock.listeners.delete(listener);
    if (clock.listeners.size > 0) return;
    clearInterval(clock.timer);
    clock.timer = undefined;
  };
}

/** The current time to the page's clock (above), so relative times on screen stay true. */
export function useNow(): number {
  // The snapshot changes only on a tick: React requires the same value between two reads.
  return useSyncExternalStore(subscribeClock, () => clock.now);
}
