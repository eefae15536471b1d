import type { AnalyticsDeliveries } from '@railserve/protocol';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** Deliveries and aborted trips per table (the map's names of the target point), the busiest first. */
export function TableDeliveriesChart({ rows }: { rows: AnalyticsDeliveries['byTable'] }) {
  const { t } = useTranslation();
  const data = rows.slice(0, 20).map((r) => ({
    label: r.tables.length > 0 ? r.tables.join(' / ') : t('analytics.columns.point', { point: r.target }),
    deliveries: r.deliveries,
    aborted: r.aborted,
  }));
  return (
    <div style={{ width: '100%', height: Math.max(160, data.length * 28 + 60) }} data-testid="analytics-per-table">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
          <YAxis type="category" dataKey="label" width={110} tick={{ fontSize: 12 }} interval={0} />
          <Tooltip />
          <Legend />
          <Bar
            dataKey="deliveries"
            name={t('analytics.columns.deliveries')}
            stackId="t"
            fill="#1677ff"
            isAnimationActive={false}
          />
          <Bar dataKey="aborted" name={t('analytics.columns.aborted')} stackId="t" fill="#ff7875" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
