/** The change of a figure against the previous period, as a share (0.25 = +25 %); null when there is nothing to compare. */
export function changeOf(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null) return null;
  if (previous === 0) return current === 0 ? 0 : null;
  return (current - previous) / previous;
}

/** A duration in milliseconds as minutes and seconds, or hours and minutes past an hour: `3:05`, `2:07:00`. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '–';
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** The unit state times are drawn in: minutes up to three hours, hours beyond. */
export const timeUnit = (maxMs: number) =>
  maxMs < 3 * 3_600_000 ? { name: 'minutes', ms: 60_000 } : { name: 'hours', ms: 3_600_000 };

export const formatShare = (share: number | null, locale: string) =>
  share === null ? '–' : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(share);

export const formatNumber = (value: number, locale: string, digits = 0) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);

/** The colour step (0-4) of a heat-map cell against the busiest cell. */
export const heatStep = (value: number, max: number) => (max <= 0 || value <= 0 ? 0 : Math.min(4, Math.ceil((value / max) * 4)));
