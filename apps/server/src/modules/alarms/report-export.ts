import {
  type AlarmReport,
  type AlarmReportFigures,
  type AlarmReportGrouping,
  alarmNameText,
  type ExportAlarmReportQuery,
  type Translate,
} from '@railserve/protocol';
import ExcelJS from 'exceljs';
import type { Database } from '../../db/client.ts';
import { consoleWords } from '../../lib/console-words.ts';
import { csvField } from '../logs/export.ts';
import { zonedClock } from '../logs/zoned-time.ts';
import { alarmReport } from './report.ts';

type Cell = string | number | null;
type Table = { header: string[]; rows: Cell[][] };

const FIGURE_COLUMNS = ['count', 'acknowledged', 'meanAckMinutes', 'cleared', 'meanClearMinutes', 'downtimeMinutes'] as const;
const KEY_COLUMNS: Record<AlarmReportGrouping, readonly string[]> = {
  robot: ['robotSn', 'robotName'],
  track: ['trackId', 'trackName'],
  code: ['code', 'codeName'],
};

const minutes = (s: number | null) => (s === null ? null : Math.round(s / 6) / 10);
const figureCells = (f: AlarmReportFigures): Cell[] => [
  f.count,
  f.acknowledged,
  minutes(f.meanAckSeconds),
  f.cleared,
  minutes(f.meanClearSeconds),
  minutes(f.downtimeSeconds),
];

/** One grouping of the report as a table in the reader's language (the words of the web's `alarm-report` area), a total row last. */
export function reportTable(report: AlarmReport, groupBy: AlarmReportGrouping, t: Translate): Table {
  const header = [...KEY_COLUMNS[groupBy], ...FIGURE_COLUMNS].map((c) => t(`alarm-report.columns.${c}`));
  const keys: Cell[][] =
    groupBy === 'robot'
      ? report.byRobot.map((r) => [r.robotSn, r.robotName])
      : groupBy === 'track'
        ? report.byTrack.map((r) => [r.trackId, r.trackId === null ? t('alarm-report.noTrack') : r.trackName])
        : report.byCode.map((r) => [r.code, alarmNameText(t, r.code)]);
  const groups: AlarmReportFigures[] =
    groupBy === 'robot' ? report.byRobot : groupBy === 'track' ? report.byTrack : report.byCode;
  const rows = groups.map((g, i) => [...keys[i], ...figureCells(g)]);
  rows.push([t('alarm-report.total'), null, ...figureCells(report.total)]);
  return { header, rows };
}

export type ReportExport = { body: Buffer | string; filename: string; contentType: string };

/** The report of one grouping as a CSV (UTF-8 with a BOM, CRLF, formula-safe, as logs) or an XLSX download. */
export async function exportAlarmReport(db: Database, query: ExportAlarmReportQuery): Promise<ReportExport> {
  const { format, lang, tz, groupBy } = query;
  const report = await alarmReport(db, query);
  const t = consoleWords(lang);
  const table = reportTable(report, groupBy, t);
  const day = (iso: string) => zonedClock(tz).format(new Date(iso)).slice(0, 10).replace(/-/g, '');
  const filename = `alarm-report-${groupBy}-${day(report.from)}-${day(report.to)}.${format}`;
  if (format === 'xlsx') {
    return {
      body: await xlsxOf(table, sheetName(groupBy, t)),
      filename,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
  }
  const lines = [table.header, ...table.rows].map((row) => `${row.map(csvField).join(',')}\r\n`);
  return { body: `\uFEFF${lines.join('')}`, filename, contentType: 'text/csv; charset=utf-8' };
}

const sheetName = (groupBy: AlarmReportGrouping, t: Translate) => t(`alarm-report.groupings.${groupBy}`).slice(0, 31);

async function xlsxOf(table: Table, name: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.header.map((header, i) => ({ header, key: String(i), width: i < 2 ? 24 : 16 }));
  for (const row of table.rows) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
