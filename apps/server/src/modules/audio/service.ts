import {
  AUDIO_FORMATS,
  AUDIO_LIMITS,
  type AudioClip,
  type AudioFormat,
  type AudioLibrary,
  type AudioSlot,
  mapTables,
  SYSTEM_AUDIO_NAMES,
  type TrackMap,
  uploadAudioFields,
} from '@railserve/protocol';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { tracks } from '../../db/schema/tracks.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import type { ReceivedFile } from '../../plugins/storage.ts';
import type { Reservation } from '../storage-quota/ledger.ts';
import { checkQuotas, withReservation } from '../storage-quota/quota.ts';
import { lockQuotas } from '../storage-quota/repository.ts';
import { resolveClipName, type TrackTables, tableSideOf } from './clip-names.ts';
import * as repo from './repository.ts';

export const clipKey = (trackId: number, clipId: number) => `tracks/${trackId}/audio/${clipId}`;

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';
const nameTaken = (name: string) => conflict('audio_name_taken', `An audio clip named ${name} exists`);

/** The track's tables by name, from its saved map; 404 when the track does not exist. */
export async function trackTables(db: Database, trackId: number): Promise<TrackTables> {
  const [row] = await db.select({ map: tracks.map }).from(tracks).where(eq(tracks.id, trackId));
  if (!row) throw notFound('Track');
  const map = row.map as TrackMap | null;
  return new Map((map ? mapTables(map) : []).map((t) => [t.name, t]));
}

const KIND_ORDER = { system: 0, table: 1, custom: 2 } as const;

/** System clips in the spec's order, table clips in the map's order, custom clips by name; and what is missing. */
export async function audioLibrary(db: Database, trackId: number): Promise<Omit<AudioLibrary, 'storage'>> {
  const tables = await trackTables(db, trackId);
  const clips = await repo.listClips(db, trackId);
  const tableOrder = [...tables.keys()];
  const rank = (clip: AudioClip) =>
    clip.kind === 'system'
      ? SYSTEM_AUDIO_NAMES.indexOf(clip.name as (typeof SYSTEM_AUDIO_NAMES)[number])
      : clip.kind === 'table'
        ? tableOrder.indexOf(clip.name)
        : 0;
  clips.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || rank(a) - rank(b) || a.name.localeCompare(b.name));
  const present = new Set(clips.map((c) => `${c.kind}:${c.name}`));
  const missing: AudioSlot[] = [
    ...SYSTEM_AUDIO_NAMES.filter((name) => !present.has(`system:${name}`)).map((name) => ({ kind: 'system' as const, name })),
    ...[...tables.values()]
      .filter((t) => !present.has(`table:${t.name}`))
      .map((t) => {
        const side = tableSideOf(t);
        return { kind: 'table' as const, name: t.name, ...(side ? { tableSide: side } : {}) };
      }),
  ];
  return { clips, missing };
}

export async function getClip(db: Database, trackId: number, clipId: number) {
  const clip = await repo.findClip(db, trackId, clipId);
  if (!clip) throw notFound('Audio clip');
  return clip;
}

/** Receives one audio file: streamed to a temp file within the size limit and the quotas, its format read from its content. */
async function receiveAudio(app: FastifyInstance, request: FastifyRequest, reservation: Reservation) {
  const file = await app.files.receive(request, {
    maxBytes: AUDIO_LIMITS.fileBytesMax,
    accept: 'any',
    onBytes: reservation.take,
  });
  if (!(AUDIO_FORMATS as readonly string[]).includes(file.type)) {
    await app.files.discard(file);
    throw new AppError(415, 'unsupported_audio_format', 'Unsupported audio format: WAV, MP3, M4A or OGG only');
  }
  return file as ReceivedFile & { type: AudioFormat };
}

const fileValues = (file: ReceivedFile & { type: AudioFormat }) => ({ format: file.type, size: file.size, sha256: file.sha256 });

/** POST /tracks/{id}/audio: a new clip from one uploaded file and its fields. */
export async function uploadClip(app: FastifyInstance, request: FastifyRequest, trackId: number) {
  await trackTables(app.db, trackId);
  return withReservation(app, { trackId }, async (reservation) => {
    const file = await receiveAudio(app, request, reservation);
    return app.files.keepOrDiscard(file, async () => {
      const parsed = uploadAudioFields.safeParse(file.fields);
      if (!parsed.success) {
        const details = parsed.error.issues.map((i) => ({ path: i.path, message: i.message }));
        throw new AppError(400, 'validation_failed', 'Invalid upload fields', details);
      }
      const { kind, name, tableSide: requested } = parsed.data;
      const tables = await trackTables(app.db, trackId);
      const { tableSide } = resolveClipName(kind, name, tables, requested);
      if (await repo.findClipByName(app.db, trackId, kind, name)) throw nameTaken(name);
      return app.db.transaction(async (tx) => {
        const db = tx as unknown as Database;
        await checkQuotas(app, db, { trackId, adding: file.size, freeing: 0 });
        const clip = await repo.insertClip(db, trackId, { name, kind, tableSide, ...fileValues(file) }).catch((error) => {
          throw isUniqueViolation(error) ? nameTaken(name) : error;
        });
        await app.files.keep(file, clipKey(trackId, clip.id));
        return clip;
      });
    });
  });
}

/** PUT /tracks/{id}/audio/{audioId}/file: a new file under the same name; the old one's bytes count as freed. */
export async function replaceClipFile(app: FastifyInstance, request: FastifyRequest, trackId: number, clipId: number) {
  const old = await getClip(app.db, trackId, clipId);
  return withReservation(app, { trackId, credit: old.size }, async (reservation) => {
    const file = await receiveAudio(app, request, reservation);
    return app.files.keepOrDiscard(file, () =>
      app.db.transaction(async (tx) => {
        const db = tx as unknown as Database;
        await lockQuotas(db);
        const current = await repo.findClip(db, trackId, clipId);
        if (!current) throw notFound('Audio clip');
        await checkQuotas(app, db, { trackId, adding: file.size, freeing: current.size });
        const clip = await repo.updateClip(db, clipId, { ...fileValues(file), uploadedAt: new Date() });
        if (!clip) throw notFound('Audio clip');
        await app.files.keep(file, clipKey(trackId, clipId));
        return clip;
      }),
    );
  });
}

/** PUT /tracks/{id}/audio/{audioId}: a new name, checked by the same rules as an upload of its kind. */
export async function renameClip(db: Database, trackId: number, clipId: number, name: string) {
  const clip = await getClip(db, trackId, clipId);
  if (clip.name === name) return clip;
  const { tableSide } = resolveClipName(clip.kind, name, await trackTables(db, trackId));
  if (await repo.findClipByName(db, trackId, clip.kind, name)) throw nameTaken(name);
  const renamed = await repo.updateClip(db, clipId, { name, tableSide }).catch((error) => {
    throw isUniqueViolation(error) ? nameTaken(name) : error;
  });
  if (!renamed) throw notFound('Audio clip');
  return renamed;
}

export async function deleteClip(app: FastifyInstance, trackId: number, clipId: number) {
  if ((await repo.deleteClip(app.db, trackId, clipId)) === 0) throw notFound('Audio clip');
  await app.files.remove(clipKey(trackId, clipId));
}
