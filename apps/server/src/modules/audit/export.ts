import { PassThrough, Readable } from 'node:stream';
import { type AuditFilters, auditDescriptionText, auditTargetText, type ExportAuditQuery } from '@railserve/protocol';
import ExcelJS from 'exceljs';
import type { Database } from '../../db/client.ts';
import type { auditRecords } from '../../db/schema/audit.ts';
import { consoleWords } from '../../lib/console-words.ts';
import { EXPORT_COLUMNS, EXPORT_LABELS } from './export-labels.ts';
import { auditChunk } from './repository.ts';

type AuditRow = typeof auditRecords.$inferSelect;
/** Told once the stream has ended: how many records it wrote, or why it stopped. */
export type ExportDone = (rows: number, error?: Error) => void;

const CHUNK = 1000;
/** Excel refuses longer cell text. */
const XLSX_CELL_MAX = 32_767;

/** Every record matching the filters, newest first, read in keyset chunks so memory stays flat. */
export async function* auditRows(db: Database, filters: AuditFilters): AsyncGenerator<AuditRow> {
  let after: { time: Date; id: number } | undefined;
  for (;;) {
    const rows = await auditChunk(db, filters, CHUNK, after);
    yield* rows;
    if (rows.length < CHUNK) return;
    const last = rows[rows.length - 1];
    after = { time: last.time, id: last.id };
  }
}

/** `YYYY-MM-DD HH:mm:ss` in the reader's time zone. */
export function formatTime(time: Date, tz: string) {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: tz, dateStyle: 'short', timeStyle: 'medium' }).format(time);
}

function cells(row: AuditRow, query: ExportAuditQuery): (string | number)[] {
  const labels = EXPORT_LABELS[query.lang];
  const words = consoleWords(query.lang);
  return EXPORT_COLUMNS.map((column) => {
    const value = row[column];
    if (column === 'time') return formatTime(row.time, query.tz);
    if (column === 'type') return labels.types[row.type as keyof typeof labels.types] ?? row.type;
    if (column === 'target') return neutralise(auditTargetText(words, row.target));
    if (column === 'description') return neutralise(auditDescriptionText(words, row.description));
    if (column === 'result') return labels.results[row.result as keyof typeof labels.results] ?? row.result;
    if (typeof value === 'number') return value;
    if (value === null || value === undefined) return '';
    return neutralise(typeof value === 'string' ? value : JSON.stringify(value));
  });
}

/** A spreadsheet would run text starting with = + - @ as a formula; a leading quote keeps it text. */
const neutralise = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** CSV with a UTF-8 byte order mark, so spreadsheet programs read the Chinese text correctly. */
export function auditCsv(db: Database, query: ExportAuditQuery, done: ExportDone): Readable {
  let count = 0;
  async function* lines() {
    yield `\uFEFF${EXPORT_COLUMNS.map((c) => csvCell(EXPORT_LABELS[query.lang].columns[c])).join(',')}\r\n`;
    let batch = '';
    for await (const row of auditRows(db, query)) {
      batch += `${cells(row, query).map(csvCell).join(',')}\r\n`;
      count++;
      if (batch.length > 64 * 1024) {
        yield batch;
        batch = '';
      }
    }
    if (batch) yield batch;
  }
  return settle(Readable.from(lines()), () => count, done);
}

/** XLSX through exceljs' streaming writer: rows are committed as they come, never held in memory. */
export function auditXlsx(db: Database, query: ExportAuditQuery, done: ExportDone): Readable {
  const out = new PassThrough();
  let count = 0;
  const write = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Audit');
    sheet.addRow(EXPORT_COLUMNS.map((c) => EXPORT_LABELS[query.lang].columns[c])).commit();
    for await (const row of auditRows(db, query)) {
      if (out.destroyed) return;
      sheet.addRow(cells(row, query).map((v) => (typeof v === 'string' ? v.slice(0, XLSX_CELL_MAX) : v))).commit();
      count++;
      // Wait for the client when it reads slower than the database answers.
      if (out.writableNeedDrain) await drainedOrClosed(out);
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: Error) => out.destroy(error));
  return settle(out, () => count, done);
}

function drainedOrClosed(stream: PassThrough) {
  return new Promise<void>((resolve) => {
    const finish = () => {
      stream.off('drain', finish);
      stream.off('close', finish);
      resolve();
    };
    stream.on('drain', finish);
    stream.on('close', finish);
  });
}

function settle(stream: Readable, count: () => number, done: ExportDone) {
  let told = false;
  const tell = (error?: Error) => {
    if (told) return;
    told = true;
    done(count(), error);
  };
  stream.once('end', () => tell());
  stream.once('error', (error) => tell(error));
  stream.once('close', () => tell(stream.readableEnded ? undefined : new Error('Export aborted before it finished')));
  return stream;
}
