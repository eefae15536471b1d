import { Readable } from 'node:stream';
import type { ExportLogsQuery, LogFilter } from '@railserve/protocol';
import type { Database } from '../../db/client.ts';
import { consoleWords } from '../../lib/console-words.ts';
import { withValidZone } from '../../lib/time-zone.ts';
import { EXPORT_COLUMNS, EXPORT_LABELS, exportCells, type LogChunks, timeHeader } from './export-labels.ts';
import { xlsxStream } from './export-xlsx.ts';
import { findLogChunk, toLogRecord } from './repository.ts';
import { zonedClock } from './zoned-time.ts';

/** Rows read per query: large enough to amortise the round trip, small enough to keep memory flat. */
export const EXPORT_CHUNK = 5000;

export type LogExport = { stream: Readable; filename: string; contentType: string };

/**
 * The whole filtered set as CSV or XLSX, streamed: rows are read in keyset chunks only as fast
 * as the client takes them. The first chunk is read before answering, so a bad filter is a 400.
 */
export async function openLogExport(db: Database, query: ExportLogsQuery): Promise<LogExport> {
  const { format, lang, ...filter } = query;
  const first = await withValidZone('querystring', () => findLogChunk(db, filter, undefined, EXPORT_CHUNK));
  const chunks = logChunks(db, filter, first);
  const clock = zonedClock(filter.tz);
  const filename = `logs-${clock.format(new Date()).replace(/[-:]/g, '').replace(' ', '-')}.${format}`;
  if (format === 'xlsx') {
    return {
      stream: xlsxStream(chunks, lang, filter.tz),
      filename,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
  }
  return { stream: Readable.from(csvLines(chunks, lang, filter.tz)), filename, contentType: 'text/csv; charset=utf-8' };
}

async function* logChunks(db: Database, filter: LogFilter, first: Awaited<ReturnType<typeof findLogChunk>>) {
  let chunk = first;
  while (chunk.length > 0) {
    yield chunk.map(toLogRecord);
    if (chunk.length < EXPORT_CHUNK) return;
    const last = chunk[chunk.length - 1];
    chunk = await findLogChunk(db, filter, { time: last.time, id: last.id }, EXPORT_CHUNK);
  }
}

// A UTF-8 BOM so that Excel reads Chinese correctly; CRLF lines as RFC 4180 has them.
async function* csvLines(chunks: LogChunks, lang: ExportLogsQuery['lang'], tz: string) {
  const labels = EXPORT_LABELS[lang];
  const words = consoleWords(lang);
  const clock = zonedClock(tz);
  const header = EXPORT_COLUMNS.map((c) => (c === 'time' ? timeHeader(lang, tz) : labels.columns[c]));
  yield `\uFEFF${header.map(csvField).join(',')}\r\n`;
  for await (const records of chunks) {
    let text = '';
    for (const record of records) {
      const cells = exportCells(labels, record, words);
      cells.time = clock.format(new Date(record.time));
      text += `${EXPORT_COLUMNS.map((c) => csvField(cells[c])).join(',')}\r\n`;
    }
    yield text;
  }
}

/**
 * Quotes what needs quoting, and defuses text a spreadsheet would run as a formula
 * (a device's message starting with `=`), the usual CSV-injection guard.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
