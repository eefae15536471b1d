import type { AnalyticsAvailability, AnalyticsGranularity } from '@railserve/protocol';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatShare } from '../model/figures.ts';
import { thinSeries } from '../model/thin-series.ts';

/** Points drawn at most (90 hourly days are 2,160): about one per two pixels of the panel. */
const MAX_POINTS = 360;

const pad = (n: number) => String(n).padStart(2, '0');
/** A bucket's label in the reader's zone: `11-27` for a day, `14:00` for an hour. */
export const bucketLabel = (iso: string, granularity: AnalyticsGranularity) => {
  const d = new Date(iso);
  return granularity === 'day' ? `${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : `${pad(d.getHours())}:00`;
};

/** Availability per bucket over the period. */
export function AvailabilityChart({
  series,
  granularity,
}: {
  series: AnalyticsAvailability['series'];
  granularity: AnalyticsGranularity;
}) {
  const { t, i18n } = useTranslation();
  const data = useMemo(
    () =>
      thinSeries(
        series.map((p) => ({ label: bucketLabel(p.t, granularity), availability: p.availability })),
        MAX_POINTS,
        ['availability'],
      ),
    [series, granularity],
  );
  return (
    <div style={{ width: '100%', height: 220 }} data-testid="analytics-availability">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 4, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={12} />
          <YAxis
            domain={[0, 1]}
            tickFormatter={(v: number) => formatShare(v, i18n.language)}
            width={52}
            tick={{ fontSize: 12 }}
          />
          <Tooltip
            formatter={(v) => [formatShare(typeof v === 'number' ? v : null, i18n.language), t('analytics.columns.availability')]}
          />
          <Line dataKey="availability" stroke="#13c2c2" dot={false} connectNulls={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
