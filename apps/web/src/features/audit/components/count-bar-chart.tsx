import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export type CountBar = { label: string; count: number; color?: string };

type CountBarChartProps = {
  data: CountBar[];
  /** Horizontal bars suit long category names; vertical columns suit days. */
  layout: 'horizontal' | 'vertical';
  height: number;
  testId: string;
};

const DEFAULT_COLOR = '#1677ff';

/** One count per category as bars; the visible label of each chart is its card's title. */
export function CountBarChart({ data, layout, height, testId }: CountBarChartProps) {
  const { t } = useTranslation();
  if (data.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} style={{ height, margin: 0 }} />;
  const horizontal = layout === 'horizontal';
  return (
    <div data-testid={testId} style={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout={horizontal ? 'vertical' : 'horizontal'} margin={{ top: 4, right: 16, bottom: 4, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={!horizontal} vertical={horizontal} />
          {horizontal ? (
            <>
              <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
              <YAxis type="category" dataKey="label" width={110} tick={{ fontSize: 12 }} interval={0} />
            </>
          ) : (
            <>
              <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={12} />
              <YAxis allowDecimals={false} width={48} tick={{ fontSize: 12 }} />
            </>
          )}
          <Tooltip formatter={(value) => [value, t('audit.stats.count')]} />
          <Bar dataKey="count" isAnimationActive={false} maxBarSize={28}>
            {data.map((bar) => (
              <Cell key={bar.label} fill={bar.color ?? DEFAULT_COLOR} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
