import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { parseByteRange } from '../lib/byte-range.ts';
import { AppError, badRequest, notFound } from '../lib/errors.ts';
import { detectFileType, FILE_TYPE_HEAD_BYTES, type FileType } from '../lib/file-type.ts';

/** An uploaded file, streamed to a temporary file and not yet kept. */
export type ReceivedFile = {
  tempPath: string;
  filename: string;
  size: number;
  sha256: string;
  type: FileType;
  /** The text fields sent with the file. */
  fields: Record<string, string>;
};

export type ReceiveOptions = {
  maxBytes: number;
  accept: readonly FileType[] | 'any';
  /** Called with each chunk's length before it is written; a throw stops the upload with that error (quotas). */
  onBytes?: (bytes: number) => void;
};

export type FileStore = {
  receive(request: FastifyRequest, options: ReceiveOptions): Promise<ReceivedFile>;
  keep(file: ReceivedFile, key: string): Promise<void>;
  discard(file: ReceivedFile): Promise<void>;
  /** Runs `store` (which keeps the file); when it fails the file is discarded and the error goes on. */
  keepOrDiscard<T>(file: ReceivedFile, store: () => Promise<T>): Promise<T>;
  remove(key: string): Promise<void>;
  /** Removes a folder of files and everything under it (missing is fine). */
  removeTree(key: string): Promise<void>;
  path(key: string): string;
  exists(key: string): Promise<boolean>;
  send(request: FastifyRequest, reply: FastifyReply, key: string, options: SendOptions): Promise<FastifyReply>;
};

export type SendOptions = { contentType: string; downloadName?: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded and stored files under `DATA_DIR/files` (audio, map backgrounds, update files). */
    files: FileStore;
  }
}

const MAX_FIELDS = 16;
const MAX_FIELD_BYTES = 1024;

const tooLarge = (maxBytes: number) =>
  new AppError(413, 'payload_too_large', `The file is larger than ${maxBytes} bytes`, { maxBytes });
const unsupported = (message: string) => new AppError(415, 'unsupported_media_type', message);

/** Counts, hashes and keeps the first bytes of what flows through it. */
function inspector(onBytes?: (bytes: number) => void) {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let size = 0;
  let headSize = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        onBytes?.(chunk.length);
      } catch (error) {
        return done(error as Error);
      }
      size += chunk.length;
      hash.update(chunk);
      if (headSize < FILE_TYPE_HEAD_BYTES) {
        head.push(chunk.subarray(0, FILE_TYPE_HEAD_BYTES - headSize));
        headSize += Math.min(chunk.length, FILE_TYPE_HEAD_BYTES - headSize);
      }
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex'), head: Buffer.concat(head) }) };
}

/**
 * What busboy throws, with no code, on a body that is not well-formed multipart: one cut off
 * ("Unexpected end of multipart data", "Part terminated early…"), a boundary that is missing,
 * empty or longer than 256 characters ("needle").
 */
const MALFORMED_MULTIPART = /multipart data|boundary|needle/i;
const incomplete = () =>
  badRequest('upload_incomplete', 'The upload ended early or is not well-formed multipart/form-data: send the file again');

/** Multipart errors of the parser itself, as envelopes with their status. */
function multipartError(error: unknown, maxBytes: number): unknown {
  const code = (error as { code?: string }).code;
  if (code === undefined && error instanceof Error && MALFORMED_MULTIPART.test(error.message)) return incomplete();
  if (code === 'FST_MP_PREMATURE_CLOSE') return incomplete();
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_JSON_FIELD_ERROR') {
    return badRequest('bad_request', 'A form field has a name or value that is not allowed');
  }
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes);
  if (code === 'FST_FILES_LIMIT') return badRequest('bad_request', 'Send exactly one file in the field "file"');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest('bad_request', 'Too many form fields');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return unsupported('Send the file as multipart/form-data');
  return error;
}

export function createFileStore(
  root: string,
  tempDir: string,
): Omit<FileStore, 'receive'> & {
  receive(request: FastifyRequest, options: ReceiveOptions): Promise<ReceivedFile>;
} {
  const resolveKey = (key: string) => {
    const full = path.resolve(root, key);
    if (!key || key.includes('\0') || path.isAbsolute(key) || !full.startsWith(root + path.sep)) {
      throw new Error(`File key outside the store: ${JSON.stringify(key)}`);
    }
    return full;
  };

  async function receive(request: FastifyRequest, options: ReceiveOptions): Promise<ReceivedFile> {
    if (!request.isMultipart()) throw unsupported('Send the file as multipart/form-data');
    const fields: Record<string, string> = {};
    let received: Omit<ReceivedFile, 'fields'> | undefined;
    const tempPath = path.join(tempDir, randomUUID());
    let sink: WriteStream | undefined;
    try {
      const parts = request.parts({
        limits: { fileSize: options.maxBytes, files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
      });
      for await (const part of parts) {
        if (part.type === 'field') {
          const value = String(part.value ?? '');
          if (part.valueTruncated) throw badRequest('bad_request', `The field "${part.fieldname}" is too long`);
          if (value.includes('\0')) throw badRequest('invalid_characters', 'Text must not contain NUL characters');
          fields[part.fieldname] = value;
          continue;
        }
        if (part.fieldname !== 'file' || received) {
          part.file.resume();
          throw badRequest('bad_request', 'Send exactly one file in the field "file"');
        }
        await mkdir(tempDir, { recursive: true });
        const inspect = inspector(options.onBytes);
        sink = createWriteStream(tempPath, { mode: 0o600 });
        await pipeline(part.file, inspect.stream, sink);
        if (part.file.truncated) throw tooLarge(options.maxBytes);
        const { size, sha256, head } = inspect.result();
        received = { tempPath, filename: path.basename(part.filename ?? ''), size, sha256, type: detectFileType(head) };
      }
      if (!received) throw badRequest('file_missing', 'No file in the field "file"');
      if (options.accept !== 'any' && !options.accept.includes(received.type)) {
        throw unsupported(`Unsupported file type: expected ${options.accept.join(', ')}`);
      }
      return { ...received, fields };
    } catch (error) {
      // A cut-off upload can fail before its file is even open: it is removed once its stream has
      // closed, or the open would make it again behind the removal.
      const open = sink;
      if (open && !open.closed) await new Promise<void>((resolve) => open.once('close', () => resolve()));
      await rm(tempPath, { force: true });
      throw multipartError(error, options.maxBytes);
    }
  }

  return {
    receive,
    async keep(file, key) {
      const target = resolveKey(key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(file.tempPath, target);
    },
    async discard(file) {
      await rm(file.tempPath, { force: true });
    },
    async keepOrDiscard(file, store) {
      try {
        return await store();
      } catch (error) {
        await rm(file.tempPath, { force: true });
        throw error;
      }
    },
    async remove(key) {
      await rm(resolveKey(key), { force: true });
    },
    async removeTree(key) {
      await rm(resolveKey(key), { recursive: true, force: true });
    },
    path: resolveKey,
    async exists(key) {
      return stat(resolveKey(key)).then(
        (s) => s.isFile(),
        () => false,
      );
    },
    async send(request, reply, key, options) {
      const file = resolveKey(key);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) throw notFound('File');
      reply.header('accept-ranges', 'bytes').type(options.contentType);
      if (options.downloadName) {
        reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(options.downloadName)}`);
      }
      const range = parseByteRange(request.headers.range, info.size);
      if (range === 'unsatisfiable') {
        return reply
          .code(416)
          .header('content-range', `bytes */${info.size}`)
          .type('application/json')
          .send({ success: false, message: 'Requested range not satisfiable', code: 'range_not_satisfiable' });
      }
      if (!range) return reply.header('content-length', info.size).send(createReadStream(file));
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(createReadStream(file, { start: range.start, end: range.end }));
    },
  };
}

/** Registers multipart parsing and `app.files`, rooted in `DATA_DIR/files`. */
export const storagePlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, { limits: { files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES } });
  const root = path.resolve(app.config.dataDir, 'files');
  const tempDir = path.resolve(app.config.dataDir, 'tmp', 'uploads');
  await mkdir(root, { recursive: true, mode: 0o700 });
  // Temporary files of uploads cut off by a crash are of no use after a restart.
  await rm(tempDir, { recursive: true, force: true });
  app.decorate('files', createFileStore(root, tempDir));
});
