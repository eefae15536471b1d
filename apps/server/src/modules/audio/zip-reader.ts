import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AUDIO_FORMATS, AUDIO_LIMITS, type AudioBatchRefusal, type AudioFormat, clipForEntryName } from '@railserve/protocol';
import yauzl from 'yauzl';
import { AppError, badRequest } from '../../lib/errors.ts';
import { detectFileType } from '../../lib/file-type.ts';
import { centralDirectoryStart, checkZipLayout } from './zip-layout.ts';

export type ZipLimits = Pick<typeof AUDIO_LIMITS, 'fileBytesMax' | 'zipEntriesMax' | 'zipUnpackedBytesMax'>;

/** One audio entry unpacked to a temp file, with the clip its name maps to. */
export type UnpackedClip = {
  entry: string;
  kind: 'system' | 'table' | 'custom';
  name: string;
  tempPath: string;
  format: AudioFormat;
  size: number;
  sha256: string;
};
export type UnpackedZip = { clips: UnpackedClip[]; refused: { entry: string; reason: AudioBatchRefusal }[] };

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

const tooLarge = (message: string, reason: string) => new AppError(413, 'payload_too_large', message, { reason });
const unsafe = (entry: string, reason: string) =>
  badRequest('zip_unsafe_entry', `Unsafe ZIP entry ${JSON.stringify(entry)}: ${reason}`, { entry, reason });

/** Why an entry's path must not be taken at all (the whole ZIP is refused), or null. */
function unsafePath(name: string, entry: yauzl.Entry): string | null {
  if (name.includes('\0')) return 'nul_in_name';
  if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) return 'symlink';
  const problem = yauzl.validateFileName(name);
  if (problem?.startsWith('absolute')) return 'absolute_path';
  if (problem) return 'path_traversal';
  return null;
}

/**
 * Reads the central directory first and refuses the whole ZIP, before anything is written, when
 * it has too many entries, declares too much unpacked data, holds an unsafe entry (a path
 * leaving its folder, an absolute path, a link), or entries that share bytes (zip-layout.ts). Then unpacks each audio entry into `tempDir`,
 * counting the bytes actually inflated, so a header that lies about its size is stopped too;
 * `onBytes` sees each inflated chunk first and may stop the unpacking by throwing (quotas).
 * The caller removes `tempDir` whatever happens.
 */
export async function unpackAudioZip(
  zipPath: string,
  tempDir: string,
  tableNames: readonly string[],
  limits: ZipLimits = AUDIO_LIMITS,
  onBytes: (bytes: number) => void = () => {},
): Promise<UnpackedZip> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(zipPath, { lazyEntries: true, decodeStrings: false, autoClose: false });
  } catch (error) {
    throw badRequest('zip_invalid', `Not a readable ZIP file: ${(error as Error).message}`);
  }
  try {
    if (zip.entryCount > limits.zipEntriesMax) {
      throw tooLarge(`The ZIP has ${zip.entryCount} entries; at most ${limits.zipEntriesMax} are taken`, 'too_many_entries');
    }
    const cdStart = centralDirectoryStart(zip);
    const all: { name: string; entry: yauzl.Entry }[] = [];
    let declared = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);
        const problem = unsafePath(name, entry);
        if (problem) throw unsafe(name, problem);
        declared += entry.uncompressedSize;
        if (declared > limits.zipUnpackedBytesMax) throw tooLarge('The ZIP unpacks to more than the limit', 'unpacked_size');
        all.push({ name, entry });
      }
      await checkZipLayout(zip, all, cdStart);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw badRequest('zip_invalid', `Not a readable ZIP file: ${(error as Error).message}`);
    }
    const entries = all.filter(({ name }) => !name.endsWith('/'));
    return await unpackEntries(zip, entries, tempDir, tableNames, limits, onBytes);
  } finally {
    zip.close();
  }
}

function refusalBeforeUnpacking(
  target: ReturnType<typeof clipForEntryName>,
  entry: yauzl.Entry,
  taken: ReadonlySet<string>,
  limits: ZipLimits,
): AudioBatchRefusal | null {
  if (!target) return 'invalid_name';
  if (taken.has(`${target.kind}:${target.name}`)) return 'duplicate_in_zip';
  if (entry.isEncrypted()) return 'encrypted';
  if (!entry.canDecodeFileData()) return 'unreadable';
  if (entry.uncompressedSize > limits.fileBytesMax) return 'too_large';
  return null;
}

async function unpackEntries(
  zip: yauzl.ZipFile,
  entries: { name: string; entry: yauzl.Entry }[],
  tempDir: string,
  tableNames: readonly string[],
  limits: ZipLimits,
  onBytes: (bytes: number) => void,
): Promise<UnpackedZip> {
  const result: UnpackedZip = { clips: [], refused: [] };
  const taken = new Set<string>();
  let inflated = 0;
  for (const [index, { name, entry }] of entries.entries()) {
    const refuse = (reason: AudioBatchRefusal) => result.refused.push({ entry: name, reason });
    const target = clipForEntryName(name, tableNames);
    const reason = refusalBeforeUnpacking(target, entry, taken, limits);
    if (reason || !target) {
      refuse(reason ?? 'invalid_name');
      continue;
    }

    const tempPath = path.join(tempDir, String(index));
    const hash = createHash('sha256');
    let head = Buffer.alloc(0);
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        inflated += chunk.length;
        if (inflated > limits.zipUnpackedBytesMax)
          return done(tooLarge('The ZIP unpacks to more than the limit', 'unpacked_size'));
        if (size > limits.fileBytesMax) return done(tooLarge('A ZIP entry unpacks to more than it declared', 'entry_size'));
        try {
          onBytes(chunk.length);
        } catch (error) {
          return done(error as Error);
        }
        if (head.length < 64) head = Buffer.concat([head, chunk.subarray(0, 64 - head.length)]);
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(await zip.openReadStreamPromise(entry), counter, createWriteStream(tempPath));
    } catch (error) {
      if (error instanceof AppError) throw error;
      // yauzl compares the inflated length with the declared one: more is a lying header.
      if (/too many bytes/.test((error as Error).message))
        throw tooLarge('A ZIP entry unpacks to more than it declared', 'entry_size');
      refuse('unreadable');
      continue;
    }
    const format = detectFileType(head);
    if (!(AUDIO_FORMATS as readonly string[]).includes(format)) {
      refuse('unsupported_audio_format');
      continue;
    }
    taken.add(`${target.kind}:${target.name}`);
    result.clips.push({ entry: name, ...target, tempPath, format: format as AudioFormat, size, sha256: hash.digest('hex') });
  }
  return result;
}
