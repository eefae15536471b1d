import type { AnalyticsGranularity, OpeningHours } from '@railserve/protocol';
import { HOUR_MS } from './rollup.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string) {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The weekday (0 Sunday), hour and minute an instant shows in a zone. */
export function localTime(t: number, tz: string) {
  const parts = formatter(tz).formatToParts(t);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '0';
  return { weekday: WEEKDAYS.indexOf(part('weekday')), hour: Number(part('hour')), minute: Number(part('minute')) };
}

/**
 * Hours are rolled up in UTC; a day bucket is the local day (in `tz`) an hour begins in, named by
 * the instant of its local midnight. The hours of a period, each with its bucket, are cached per
 * request by the caller holding the returned function.
 */
export function bucketer(tz: string, granularity: AnalyticsGranularity) {
  const cache = new Map<number, number>();
  return (hour: number) => {
    if (granularity === 'hour') return hour;
    let b = cache.get(hour);
    if (b === undefined) {
      const local = localTime(hour, tz);
      b = hour - local.hour * HOUR_MS - local.minute * 60_000;
      cache.set(hour, b);
    }
    return b;
  };
}

/** The UTC hours whose start lies in [from, to). */
export function hoursOf(from: number, to: number) {
  const out: number[] = [];
  for (let h = Math.ceil(from / HOUR_MS) * HOUR_MS; h < to; h += HOUR_MS) out.push(h);
  return out;
}

/** Whether an hour lies in a session's opening hours (none set: the whole day). */
export function isOpen(hours: OpeningHours | undefined, hour: number) {
  if (!hours) return true;
  const h = localTime(hour, hours.tz).hour;
  return hours.open < hours.close ? h >= hours.open && h < hours.close : h >= hours.open || h < hours.close;
}
