import type { AnalyticsExportQuery, Locale } from '@railserve/protocol';
import ExcelJS from 'exceljs';
import type { Database } from '../../db/client.ts';
import { csvField } from '../logs/export.ts';
import { zonedClock } from '../logs/zoned-time.ts';
import { type CellKind, type ExportCell, type ExportTable, exportTable } from './export-table.ts';

export type AnalyticsExport = { body: Buffer | string; filename: string; contentType: string };

const DAY_MS = 86_400_000;

/** A duration as the reader's clock shows it: `m:ss`, or `h:mm:ss` from an hour on. */
export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const pad = (n: number) => String(n).padStart(2, '0');
  const rest = `${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return h > 0 ? `${h}:${rest}` : rest.replace(/^0/, '');
}

/** A cell as CSV text in the reader's language: shares as percentages, durations as a clock, times in `tz`. */
function csvCell(kind: CellKind, value: ExportCell, lang: Locale, clock: ReturnType<typeof zonedClock>): string | number | null {
  if (value === null) return null;
  if (typeof value === 'string') return value;
  switch (kind) {
    case 'share':
      return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(value);
    case 'duration':
      return formatDuration(value);
    case 'number':
      return new Intl.NumberFormat(lang, { maximumFractionDigits: 1, useGrouping: false }).format(value);
    case 'day':
      return clock.format(new Date(value)).slice(0, 10);
    case 'hour':
      return clock.format(new Date(value)).slice(0, 16);
    default:
      return value;
  }
}

const NUMBER_FORMATS: Partial<Record<CellKind, string>> = {
  share: '0.0%',
  duration: '[h]:mm:ss',
  number: '0.0',
  day: 'yyyy-mm-dd',
  hour: 'yyyy-mm-dd hh:mm',
};

/** A cell as an XLSX value: real numbers, durations and dates (sortable), shown by the column's format. */
function xlsxCell(kind: CellKind, value: ExportCell, clock: ReturnType<typeof zonedClock>) {
  if (value === null || typeof value === 'string') return value;
  if (kind === 'duration') return value / DAY_MS;
  if (kind === 'day' || kind === 'hour') return clock.wallClock(new Date(value));
  return value;
}

// A UTF-8 BOM so that Excel reads Chinese correctly; CRLF lines as RFC 4180 has them (as logs export).
function toCsv(table: ExportTable, lang: Locale, tz: string) {
  const clock = zonedClock(tz);
  const lines = [table.columns.map((c) => csvField(c.header)).join(',')];
  for (const row of table.rows) lines.push(row.map((v, i) => csvField(csvCell(table.columns[i].kind, v, lang, clock))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

async function toXlsx(table: ExportTable, tz: string) {
  const clock = zonedClock(tz);
  const workbook = new ExcelJS.Workbook();
  // Sheet names hold at most 31 characters and none of []:*?/\.
  const sheet = workbook.addWorksheet(table.name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = table.columns.map((c) => ({ header: c.header, width: c.width, style: { numFmt: NUMBER_FORMATS[c.kind] } }));
  for (const row of table.rows) sheet.addRow(row.map((v, i) => xlsxCell(table.columns[i].kind, v, clock)));
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** One table of the analytics screen as CSV or XLSX (docs/analytics.md, "Export"). */
export async function openAnalyticsExport(db: Database, q: AnalyticsExportQuery): Promise<AnalyticsExport> {
  // The scope is checked as for the API's answers: a scope naming nothing is a 400.
  const table = await exportTable(db, q);
  const stamp = zonedClock(q.tz).format(new Date()).replace(/[-:]/g, '').replace(' ', '-');
  const filename = `analytics-${q.table}-${stamp}.${q.format}`;
  if (q.format === 'xlsx') {
    return {
      body: await toXlsx(table, q.tz),
      filename,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
  }
  return { body: toCsv(table, q.lang, q.tz), filename, contentType: 'text/csv; charset=utf-8' };
}
