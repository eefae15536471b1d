import type yauzl from 'yauzl';
import { badRequest } from '../../lib/errors.ts';

/** Why a ZIP's layout is refused: its entries share bytes, or their sizes and offsets do not add up. */
export type ZipLayoutProblem = 'overlapping_entries' | 'overlaps_central_directory' | 'sizes_do_not_add_up';

/** Where one entry lies in the file: its local header up to the end of its compressed data. */
export type EntrySpan = { name: string; start: number; end: number };

const DATA_DESCRIPTOR_FLAG = 0x0008;

const refused = (entry: string, reason: ZipLayoutProblem) =>
  badRequest('zip_overlapping_entries', `ZIP entry ${JSON.stringify(entry)} is refused: ${reason}`, { entry, reason });

/**
 * The first problem of a ZIP's layout, or null. Every entry must own its bytes: no two spans
 * share a byte and none reaches into the central directory. A ZIP bomb by overlap points many
 * entries at one compressed block, so that a few kilobytes unpack many times over.
 */
export function layoutProblem(
  spans: readonly EntrySpan[],
  centralDirectoryStart: number,
): { entry: string; reason: ZipLayoutProblem } | null {
  const sorted = [...spans].sort((a, b) => a.start - b.start || a.end - b.end);
  for (const [index, span] of sorted.entries()) {
    if (span.end > centralDirectoryStart) return { entry: span.name, reason: 'overlaps_central_directory' };
    const next = sorted[index + 1];
    if (next && next.start < span.end) return { entry: next.name, reason: 'overlapping_entries' };
  }
  return null;
}

/**
 * Reads each entry's local header (30 bytes, no data) and refuses the ZIP, before anything is
 * unpacked, when its layout has a problem: overlapping spans, a span in the central directory,
 * or a local header whose compressed size differs from the central directory's (yauzl itself
 * refuses a stored entry whose two sizes differ).
 */
export async function checkZipLayout(
  zip: yauzl.ZipFile,
  entries: readonly { name: string; entry: yauzl.Entry }[],
  centralDirectoryStart: number,
): Promise<void> {
  const spans: EntrySpan[] = [];
  for (const { name, entry } of entries) {
    const header = await zip.readLocalFileHeaderPromise(entry);
    const sizesInHeader = (header.generalPurposeBitFlag & DATA_DESCRIPTOR_FLAG) === 0 && header.compressedSize !== 0xffffffff;
    if (sizesInHeader && header.compressedSize !== entry.compressedSize) throw refused(name, 'sizes_do_not_add_up');
    spans.push({ name, start: entry.relativeOffsetOfLocalHeader, end: header.fileDataStart + entry.compressedSize });
  }
  const problem = layoutProblem(spans, centralDirectoryStart);
  if (problem) throw refused(problem.entry, problem.reason);
}

/**
 * Where the central directory starts. yauzl 3 keeps it in `readEntryCursor` until the first
 * entry is read (its type says boolean, it is the offset); read it right after opening.
 */
export function centralDirectoryStart(zip: yauzl.ZipFile): number {
  const cursor = (zip as unknown as { readEntryCursor: unknown }).readEntryCursor;
  if (typeof cursor !== 'number') throw new Error('yauzl no longer exposes the central directory offset');
  return cursor;
}
