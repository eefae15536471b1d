import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { AUDIO_LIMITS, type AudioBatchReport } from '@railserve/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ReceivedFile } from '../../plugins/storage.ts';
import { tableSideOf } from './clip-names.ts';
import * as repo from './repository.ts';
import { clipKey, trackTables } from './service.ts';
import { type UnpackedClip, unpackAudioZip } from './zip-reader.ts';

/**
 * POST /tracks/{id}/audio/batch: the ZIP is streamed to a temp file, checked and unpacked into a
 * temp folder; only when the whole ZIP passed are the clips written, in one transaction. A
 * refused ZIP leaves nothing behind: the temp folder and the upload are removed either way.
 */
export async function uploadClipBatch(app: FastifyInstance, request: FastifyRequest, trackId: number) {
  await trackTables(app.db, trackId);
  const zip = await app.files.receive(request, { maxBytes: AUDIO_LIMITS.zipBytesMax, accept: ['zip'] });
  // Under the uploads' temp folder, which the storage empties on start should a crash leave it.
  const tempDir = path.join(app.config.dataDir, 'tmp', 'uploads', `audio-batch-${randomUUID()}`);
  try {
    await mkdir(tempDir, { recursive: true });
    const tables = await trackTables(app.db, trackId);
    const unpacked = await unpackAudioZip(zip.tempPath, tempDir, [...tables.keys()]);
    const report: AudioBatchReport = { added: [], replaced: [], refused: unpacked.refused };
    await app.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      for (const item of unpacked.clips) {
        const table = item.kind === 'table' ? tables.get(item.name) : undefined;
        const values = {
          name: item.name,
          kind: item.kind,
          tableSide: table ? tableSideOf(table) : null,
          format: item.format,
          size: item.size,
          sha256: item.sha256,
        };
        const existing = await repo.findClipByName(db, trackId, item.kind, item.name);
        const clip = existing
          ? (await repo.updateClip(db, existing.id, { ...values, uploadedAt: new Date() }))!
          : await repo.insertClip(db, trackId, values);
        await app.files.keep(asReceived(item), clipKey(trackId, clip.id));
        (existing ? report.replaced : report.added).push({ entry: item.entry, clip });
      }
    });
    return report;
  } finally {
    await rm(tempDir, { recursive: true, force: true });
    await app.files.discard(zip);
  }
}

const asReceived = (item: UnpackedClip): ReceivedFile => ({
  tempPath: item.tempPath,
  filename: item.entry,
  size: item.size,
  sha256: item.sha256,
  type: item.format,
  fields: {},
});
