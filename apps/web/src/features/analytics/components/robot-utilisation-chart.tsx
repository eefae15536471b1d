import { type AnalyticsUtilisation, UTILISATION_STATES } from '@railserve/protocol';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { timeUnit } from '../model/figures.ts';

export const STATE_COLORS = {
  busy: '#1677ff',
  idle: '#bfbfbf',
  charging: '#52c41a',
  sleep: '#722ed1',
  alarm: '#ff4d4f',
  other: '#faad14',
};

/** Each robot's online time, stacked by state, in minutes or (past a few hours) hours. */
export function RobotUtilisationChart({ rows }: { rows: AnalyticsUtilisation['byRobot'] }) {
  const { t } = useTranslation();
  const unit = timeUnit(Math.max(0, ...rows.map((r) => UTILISATION_STATES.reduce((sum, s) => sum + r[s], 0))));
  const data = rows.map((r) => ({
    label: r.name,
    ...Object.fromEntries(UTILISATION_STATES.map((s) => [s, Math.round((r[s] / unit.ms) * 10) / 10])),
  }));
  return (
    <div style={{ width: '100%', height: Math.max(160, data.length * 28 + 60) }} data-testid="analytics-per-robot">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tick={{ fontSize: 12 }} unit={` ${t(`analytics.units.${unit.name}`)}`} />
          <YAxis type="category" dataKey="label" width={130} tick={{ fontSize: 12 }} interval={0} />
          <Tooltip />
          <Legend />
          {UTILISATION_STATES.map((s) => (
            <Bar
              key={s}
              dataKey={s}
              name={t(`analytics.states.${s}`)}
              stackId="s"
              fill={STATE_COLORS[s]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
