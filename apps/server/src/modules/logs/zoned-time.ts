/** Zone offsets change at most every quarter hour boundary (DST), so one lookup serves a quarter hour. */
const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * Wall-clock times in a zone for millions of rows: Intl is asked once per quarter hour seen
 * (its per-call cost would dominate an export), then plain arithmetic does the rest.
 */
export function zonedClock(timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const offsets = new Map<number, number>();

  const offsetAt = (ms: number) => {
    const bucket = Math.floor(ms / QUARTER_HOUR_MS);
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      const at = bucket * QUARTER_HOUR_MS;
      const p = Object.fromEntries(parts.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
      offset = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - at;
      if (offsets.size > 10_000) offsets.clear();
      offsets.set(bucket, offset);
    }
    return offset;
  };

  return {
    /** A Date whose UTC fields read as the zone's wall clock (what spreadsheet cells want). */
    wallClock(date: Date) {
      return new Date(date.getTime() + offsetAt(date.getTime()));
    },
    /** `YYYY-MM-DD HH:mm:ss` in the zone. */
    format(date: Date) {
      const local = new Date(date.getTime() + offsetAt(date.getTime()));
      return local.toISOString().slice(0, 19).replace('T', ' ');
    },
  };
}
