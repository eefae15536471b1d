import { useTranslation } from 'react-i18next';
import { heatStep } from '../model/figures.ts';

const COLORS = ['#f5f5f5', '#bae0ff', '#69b1ff', '#1677ff', '#003eb3'];
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

/**
 * Deliveries by weekday (rows, Sunday first) and hour of day (columns), in the reader's zone; each
 * cell's figure in its native title (168 tooltip components cost the screen's first draw).
 */
export function DeliveryHeatMap({ cells }: { cells: number[][] }) {
  const { t } = useTranslation();
  const max = Math.max(0, ...cells.flat());
  return (
    <table className="analytics-heat-map" data-testid="analytics-heat-map">
      <thead>
        <tr>
          <th aria-label={t('analytics.columns.day')} />
          {HOURS.map((h) => (
            <th key={h} className="analytics-heat-hour">
              {h % 3 === 0 ? h : ''}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {WEEKDAYS.map((day) => (
          <tr key={day}>
            <th className="analytics-heat-day">{t(`analytics.weekdays.${day}`)}</th>
            {HOURS.map((hour) => (
              <td
                key={hour}
                className="analytics-heat-cell"
                title={`${t(`analytics.weekdays.${day}`)} ${hour}:00 · ${cells[day]?.[hour] ?? 0}`}
                style={{ background: COLORS[heatStep(cells[day]?.[hour] ?? 0, max)] }}
              />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
