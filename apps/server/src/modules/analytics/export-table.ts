import {
  type AnalyticsExportQuery,
  type AnalyticsExportTable,
  type AnalyticsQuery,
  UTILISATION_STATES,
} from '@railserve/protocol';
import type { Database } from '../../db/client.ts';
import { ANALYTICS_EXPORT_LABELS } from './export-labels.ts';
import { trackDirectory } from './query-repository.ts';
import { availability, deliveries, utilisation } from './service.ts';

/** How a column's values read: counts, plain numbers, shares (0..1), durations (ms) and bucket times. */
export type CellKind = 'text' | 'int' | 'number' | 'share' | 'duration' | 'day' | 'hour';
export type ExportColumn = { header: string; kind: CellKind; width: number };
export type ExportCell = string | number | null;
/** One table of the screen, worded in the reader's language; values stay raw until written. */
export type ExportTable = { name: string; columns: ExportColumn[]; rows: ExportCell[][] };

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** The table the screen shows for a query, with the same figures the API answers. */
export async function exportTable(db: Database, q: AnalyticsExportQuery): Promise<ExportTable> {
  const { table, format: _format, lang, ...query } = q;
  const labels = ANALYTICS_EXPORT_LABELS[lang];
  const c = labels.columns;
  const build: Record<AnalyticsExportTable, (query: AnalyticsQuery) => Promise<Omit<ExportTable, 'name'>>> = {
    heatMap: async (query) => {
      const { byWeekdayHour } = await deliveries(db, query);
      return {
        columns: [
          { header: c.weekday, kind: 'text', width: 14 },
          ...HOURS.map((h) => ({ header: `${h}:00`, kind: 'int' as const, width: 7 })),
        ],
        rows: byWeekdayHour.map((hours, day) => [labels.weekdays[day], ...hours]),
      };
    },
    perTable: async (query) => {
      const [{ byTable }, tracks] = await Promise.all([deliveries(db, query), trackDirectory(db)]);
      return {
        columns: [
          { header: c.table, kind: 'text', width: 20 },
          { header: c.track, kind: 'text', width: 20 },
          { header: c.deliveries, kind: 'int', width: 12 },
          { header: c.aborted, kind: 'int', width: 10 },
          { header: c.meanDeliveryTime, kind: 'duration', width: 16 },
        ],
        rows: byTable.map((r) => [
          r.tables.length > 0 ? r.tables.join(' / ') : c.point(r.target),
          r.trackId === null ? null : (tracks.get(r.trackId)?.name ?? null),
          r.deliveries,
          r.aborted,
          r.meanDeliveryMs,
        ]),
      };
    },
    perRobot: async (query) => {
      const { byRobot } = await utilisation(db, query);
      return {
        columns: [
          { header: c.robot, kind: 'text', width: 20 },
          { header: c.sn, kind: 'text', width: 18 },
          { header: c.utilisation, kind: 'share', width: 12 },
          ...UTILISATION_STATES.map((s) => ({ header: labels.states[s], kind: 'duration' as const, width: 14 })),
        ],
        rows: byRobot.map((r) => [r.name, r.sn, r.utilisation, ...UTILISATION_STATES.map((s) => r[s])]),
      };
    },
    availability: async (query) => {
      const { series } = await availability(db, query);
      const hourly = query.granularity === 'hour';
      return {
        columns: [
          { header: `${hourly ? c.hour : c.day} (${query.tz})`, kind: hourly ? 'hour' : 'day', width: 18 },
          { header: c.availability, kind: 'share', width: 12 },
          { header: c.openHours, kind: 'duration', width: 14 },
        ],
        rows: series.map((p) => [Date.parse(p.t), p.availability, p.openMs]),
      };
    },
    perTrack: async (query) => {
      const { byTrack } = await availability(db, query);
      return {
        columns: [
          { header: c.track, kind: 'text', width: 20 },
          { header: c.deliveries, kind: 'int', width: 12 },
          { header: c.aborted, kind: 'int', width: 10 },
          { header: c.utilisation, kind: 'share', width: 12 },
          { header: c.availability, kind: 'share', width: 12 },
          { header: c.distance, kind: 'number', width: 12 },
        ],
        rows: byTrack.map((r) => [r.name, r.deliveries, r.aborted, r.utilisation, r.availability, r.distance]),
      };
    },
  };
  return { name: labels.sheets[table], ...(await build[table](query)) };
}
