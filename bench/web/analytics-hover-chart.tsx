// The page bench/web/analytics-hover.ts measures: a Recharts line chart of a 90-day hourly series
// (2,160 points) for each of 10 robots, drawn as the analytics screen draws its charts (no
// animation, no dots, a tooltip that follows the pointer, the series thinned to the points the plot
// can show: thinSeries, THIN points at most, 0 for every point). Bundled by the benchmark with esbuild.
import { createRoot } from 'react-dom/client';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { thinSeries } from '../../apps/web/src/features/analytics/model/thin-series.ts';

const ROBOTS = 10;
const POINTS = 90 * 24;
const start = Date.UTC(2026, 0, 1);
const data = Array.from({ length: POINTS }, (_, i) => {
  const row: Record<string, number> = { t: start + i * 3_600_000 };
  for (let r = 0; r < ROBOTS; r++) row[`r${r}`] = Math.round(50 + 40 * Math.sin((i + r * 7) / 9) * Math.cos(i / 200));
  return row;
});
const thin = Number(process.env.THIN);
const drawn =
  thin > 0
    ? thinSeries(
        data,
        thin,
        Array.from({ length: ROBOTS }, (_, r) => `r${r}`),
      )
    : data;
const COLORS = ['#1677ff', '#52c41a', '#faad14', '#ff4d4f', '#722ed1', '#13c2c2', '#eb2f96', '#fa8c16', '#2f54eb', '#a0d911'];
const day = (t: number) => new Date(t).toISOString().slice(5, 10);

createRoot(document.getElementById('root')!).render(
  <LineChart width={1200} height={420} data={drawn} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
    <CartesianGrid strokeDasharray="3 3" />
    <XAxis dataKey="t" tickFormatter={day} minTickGap={40} />
    <YAxis unit="%" />
    <Tooltip labelFormatter={(t) => new Date(Number(t)).toISOString().slice(0, 16)} />
    <Legend />
    {COLORS.map((color, r) => (
      <Line key={color} dataKey={`r${r}`} name={`Robot ${r + 1}`} stroke={color} dot={false} isAnimationActive={false} />
    ))}
  </LineChart>,
);
