import { type PageQuery, parseUpdateFilename, UPDATE_LIMITS } from '@railserve/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.ts';
import type { FileType } from '../../../lib/file-type.ts';
import type { Reservation } from '../../storage-quota/ledger.ts';
import { checkQuotas, withReservation } from '../../storage-quota/quota.ts';
import * as repo from './repository.ts';

const FILENAME_MESSAGES = {
  invalid_filename_format:
    'Invalid filename format: use application-version.extension (zip, bin or apk), firmware name-version.bin',
  invalid_version_number: 'Invalid version number: each part at most 99, from 1.0.0 to 99.99.99',
} as const;

/** What the content must be for each extension: an APK is a zip; a firmware image is none of the known formats. */
const CONTENT_OF: Record<string, FileType> = { zip: 'zip', apk: 'zip', bin: 'binary' };

/** Checks a filename against the spec's rules, answering the spec's message when it breaks them. */
export function requireUpdateFilename(filename: string) {
  const parsed = parseUpdateFilename(filename);
  if (typeof parsed === 'string') throw badRequest(parsed, FILENAME_MESSAGES[parsed], { filename });
  return parsed;
}

/**
 * Streams an upload to disk (size limit, total storage quota, SHA-256 while streaming), then
 * checks the filename rules and that the content is what the extension claims; only then is the
 * file kept, its row written under the quota lock.
 */
export async function uploadUpdateFile(app: FastifyInstance, request: FastifyRequest) {
  return withReservation(app, {}, (reservation) => receiveUpdateFile(app, request, reservation));
}

async function receiveUpdateFile(app: FastifyInstance, request: FastifyRequest, reservation: Reservation) {
  const received = await app.files.receive(request, {
    maxBytes: UPDATE_LIMITS.fileMaxBytes,
    accept: ['zip', 'binary'],
    onBytes: reservation.take,
  });
  return app.files.keepOrDiscard(received, async () => {
    const parsed = requireUpdateFilename(received.filename);
    if (CONTENT_OF[parsed.extension] !== received.type) {
      throw new AppError(415, 'unsupported_media_type', `The content of ${received.filename} is not a .${parsed.extension} file`);
    }
    if (await repo.findFileByName(app.db, received.filename)) {
      throw conflict('update_filename_taken', `An update file named ${received.filename} exists already`);
    }
    const row = await app.db.transaction(async (tx) => {
      await checkQuotas(app, tx as unknown as Database, { adding: received.size, freeing: 0 });
      return repo.insertFile(tx as unknown as Database, {
        filename: received.filename,
        version: parsed.version,
        kind: parsed.kind,
        size: received.size,
        sha256: received.sha256,
        signature: app.updateSigner.sign({ version: parsed.version, size: received.size, sha256: received.sha256 }),
      });
    });
    await app.files.keep(received, repo.fileKey(row.id)).catch(async (error) => {
      await repo.deleteFile(app.db, row.id);
      throw error;
    });
    return repo.toUpdateFile(row, 0);
  });
}

/**
 * The file's signature by this server's key, signing it now when it has none or one by another
 * key (a file uploaded before files were signed, or a secrets.json that was replaced).
 */
export async function fileSignature(
  app: FastifyInstance,
  file: { id: number; version: string; size: number; sha256: string; signature: string | null },
) {
  if (app.updateSigner.verify(file, file.signature)) return file.signature as string;
  const signature = app.updateSigner.sign(file);
  await repo.setFileSignature(app.db, file.id, signature);
  return signature;
}

/** At start: every stored file signed by this server's key (a few microseconds each; the bytes are not reread). */
export async function signUpdateFiles(app: FastifyInstance) {
  let signed = 0;
  for (const file of await repo.fileSignatures(app.db)) {
    if (app.updateSigner.verify(file, file.signature)) continue;
    await fileSignature(app, file);
    signed++;
  }
  if (signed > 0) app.log.info({ signed }, 'signed update files that had no signature by this key');
}

export const listUpdateFiles = (app: FastifyInstance, query: PageQuery) => repo.listFiles(app.db, query);

export async function requireFile(app: FastifyInstance, id: number) {
  const row = await repo.findFile(app.db, id);
  if (!row) throw notFound(`Update file ${id}`);
  return row;
}

/** A file that any update record or rollout still uses stays. */
export async function removeUpdateFile(app: FastifyInstance, id: number) {
  const row = await requireFile(app, id);
  const used = await repo.countFileRecords(app.db, id);
  if (used > 0) throw conflict('update_file_in_use', `${row.filename} is used by ${used} update record(s)`, { records: used });
  try {
    await repo.deleteFile(app.db, id);
  } catch {
    throw conflict('update_file_in_use', `${row.filename} is used by a rollout`);
  }
  await app.files.remove(repo.fileKey(id));
}
