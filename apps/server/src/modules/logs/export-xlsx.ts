import { PassThrough, type Readable } from 'node:stream';
import type { Locale } from '@railserve/protocol';
import ExcelJS from 'exceljs';
import { consoleWords } from '../../lib/console-words.ts';
import { EXPORT_COLUMNS, EXPORT_LABELS, type ExportColumn, exportCells, type LogChunks, timeHeader } from './export-labels.ts';
import { zonedClock } from './zoned-time.ts';

/** Control characters XML 1.0 cannot carry; one in a device's message would corrupt the workbook. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters to remove
const XML_UNSAFE = /[\x00-\x08\x0B\x0C\x0E-\x1F]/g;

const WIDTHS: Record<ExportColumn, number> = {
  id: 12,
  time: 22,
  source: 14,
  type: 22,
  level: 10,
  trackId: 10,
  trackName: 20,
  robotSn: 18,
  robotName: 20,
  message: 80,
};

/**
 * exceljs's streaming writer: each row is committed (serialised and let go) as it is added,
 * and the next chunk is read only once the client has taken what is buffered.
 */
export function xlsxStream(chunks: LogChunks, lang: Locale, tz: string): Readable {
  const output = new PassThrough();
  const labels = EXPORT_LABELS[lang];
  const words = consoleWords(lang);
  const clock = zonedClock(tz);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(lang === 'en' ? 'Logs' : '日誌', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((key) => ({
    key,
    header: key === 'time' ? timeHeader(lang, tz) : labels.columns[key],
    width: WIDTHS[key],
    style: key === 'time' ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {},
  }));

  const write = async () => {
    for await (const records of chunks) {
      for (const record of records) {
        // A real date cell (sortable in Excel) holding the user's wall-clock time.
        const cells = exportCells(labels, { ...record, message: record.message.replace(XML_UNSAFE, '') }, words);
        sheet.addRow({ ...cells, time: clock.wallClock(new Date(record.time)) }).commit();
      }
      await caughtUp(sheet, output);
      if (output.destroyed) return; // the client went away
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error) => output.destroy(error));
  return output;
}

/** What the sheet has handed the zip but the zip has not compressed yet. */
const ZIP_BACKLOG_MAX = 1 << 20;

/**
 * exceljs writes a committed row into the zip without waiting (its StreamBuf ignores
 * backpressure), so a fast database outruns deflate and the rows pile up in memory. Waiting
 * for the zip's input (and the client) to catch up keeps memory flat (measured: docs/benchmarks.md).
 */
async function caughtUp(sheet: ExcelJS.Worksheet, output: PassThrough) {
  const pipes = (sheet as unknown as { stream?: { pipes?: { _writableState?: { length: number } }[] } }).stream?.pipes ?? [];
  const backlog = () => pipes.reduce((n, p) => n + (p._writableState?.length ?? 0), 0);
  while (!output.destroyed && (backlog() > ZIP_BACKLOG_MAX || output.writableNeedDrain)) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
