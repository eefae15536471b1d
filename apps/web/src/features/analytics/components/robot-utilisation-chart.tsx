import { type AnalyticsUtilisation, UTILISATION_STATES } from '@railserve/protocol';
import { Pagination } from 'antd';
import { useState } from 'react';
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

/** Robots drawn at once: a fleet of a thousand drawn whole is a chart 28,000 pixels tall that takes seconds. */
const ROBOTS_PER_PAGE = 20;

/** Each robot's online time, stacked by state, in minutes or (past a few hours) hours; twenty robots a page. */
export function RobotUtilisationChart({ rows }: { rows: AnalyticsUtilisation['byRobot'] }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const current = Math.min(page, Math.max(1, Math.ceil(rows.length / ROBOTS_PER_PAGE)));
  // One unit for every page, so pages compare.
  const unit = timeUnit(Math.max(0, ...rows.map((r) => UTILISATION_STATES.reduce((sum, s) => sum + r[s], 0))));
  const data = rows.slice((current - 1) * ROBOTS_PER_PAGE, current * ROBOTS_PER_PAGE).map((r) => ({
    label: r.name,
    ...Object.fromEntries(UTILISATION_STATES.map((s) => [s, Math.round((r[s] / unit.ms) * 10) / 10])),
  }));
  return (
    <div data-testid="analytics-per-robot">
      <ResponsiveContainer width="100%" height={Math.max(160, data.length * 28 + 60)}>
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
      <Pagination
        simple
        size="small"
        align="end"
        current={current}
        pageSize={ROBOTS_PER_PAGE}
        total={rows.length}
        onChange={setPage}
        hideOnSinglePage
      />
    </div>
  );
}
