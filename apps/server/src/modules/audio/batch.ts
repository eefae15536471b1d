import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { AUDIO_LIMITS, type AudioBatchReport, type AudioClip } from '@railserve/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ReceivedFile } from '../../plugins/storage.ts';
import { checkQuotas, reserveUpload } from '../storage-quota/quota.ts';
import { lockQuotas } from '../storage-quota/repository.ts';
import { tableSideOf } from './clip-names.ts';
import * as repo from './repository.ts';
import { clipKey, trackTables } from './service.ts';
import { type UnpackedClip, unpackAudioZip } from './zip-reader.ts';

/**
 * POST /tracks/{id}/audio/batch: the ZIP is streamed to a temp file, checked and unpacked into a
 * temp folder; only when the whole ZIP passed are the clips written, in one transaction. A
 * refused ZIP leaves nothing behind: the temp folder and the upload are removed either way.
 * The unpacked clips count against the track's audio quota and the total one (storage-quota/).
 */
export async function uploadClipBatch(app: FastifyInstance, request: FastifyRequest, trackId: number) {
  await trackTables(app.db, trackId);
  const zip = await app.files.receive(request, { maxBytes: AUDIO_LIMITS.zipBytesMax, accept: ['zip'] });
  // Under the uploads' temp folder, which the storage empties on start should a crash leave it.
  const tempDir = path.join(app.config.dataDir, 'tmp', 'uploads', `audio-batch-${randomUUID()}`);
  // While unpacking, the clips the ZIP could replace count as freed: an upper bound, so the
  // unpacking stops once the ZIP cannot fit even by replacing every clip; the commit is exact.
  const replaceable = (await repo.listClips(app.db, trackId)).reduce((sum, clip) => sum + clip.size, 0);
  const reservation = await reserveUpload(app, { trackId, credit: replaceable });
  try {
    await mkdir(tempDir, { recursive: true });
    const tables = await trackTables(app.db, trackId);
    const unpacked = await unpackAudioZip(zip.tempPath, tempDir, [...tables.keys()], AUDIO_LIMITS, reservation.take);
    const report: AudioBatchReport = { added: [], replaced: [], refused: unpacked.refused };
    await app.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      await lockQuotas(db);
      const existing: (AudioClip | undefined)[] = [];
      for (const item of unpacked.clips) existing.push(await repo.findClipByName(db, trackId, item.kind, item.name));
      await checkQuotas(app, db, {
        trackId,
        adding: unpacked.clips.reduce((sum, item) => sum + item.size, 0),
        freeing: existing.reduce((sum, clip) => sum + (clip?.size ?? 0), 0),
      });
      for (const [index, item] of unpacked.clips.entries()) {
        const table = item.kind === 'table' ? tables.get(item.name) : undefined;
        const values = {
          name: item.name,
          kind: item.kind,
          tableSide: table ? tableSideOf(table) : null,
          format: item.format,
          size: item.size,
          sha256: item.sha256,
        };
        const old = existing[index];
        const clip = old
          ? (await repo.updateClip(db, old.id, { ...values, uploadedAt: new Date() }))!
          : await repo.insertClip(db, trackId, values);
        await app.files.keep(asReceived(item), clipKey(trackId, clip.id));
        (old ? report.replaced : report.added).push({ entry: item.entry, clip });
      }
    });
    return report;
  } finally {
    reservation.release();
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
