import type { CreateTrackBody, TrackMap, UpdateTrackBody } from '@railserve/protocol';
import { topics } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { writeTrackMap } from './map-repository.ts';
import * as repo from './repository.ts';

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';

async function checkName(db: Database, name: string | undefined, selfId?: number) {
  if (!name) return;
  const other = await repo.findTrackByName(db, name);
  if (other && other.id !== selfId) throw conflict('track_name_taken', `Track name ${name} is taken`);
}

const nameTaken = (name: string | undefined) => (error: unknown) => {
  if (isUniqueViolation(error)) throw conflict('track_name_taken', `Track name ${name} is taken`);
  throw error;
};

export async function createTrack(db: Database, body: CreateTrackBody) {
  await checkName(db, body.name);
  return repo
    .insertTrack(db, {
      name: body.name,
      type: body.type,
      config: body.config,
      tableNumberPlay: body.tableNumberPlay,
      displayMode: body.displayMode,
    })
    .catch(nameTaken(body.name));
}

export async function editTrack(db: Database, id: number, body: UpdateTrackBody) {
  await checkName(db, body.name, id);
  const track = await repo.updateTrack(db, id, body).catch(nameTaken(body.name));
  if (!track) throw notFound('Track');
  return track;
}

export async function getTrack(db: Database, id: number) {
  const track = await repo.findTrack(db, id);
  if (!track) throw notFound('Track');
  return track;
}

/**
 * Deletes the track and clears what the broker retains for it, so a controller or console
 * connecting later does not see a map or status of a track that no longer exists.
 */
export async function removeTrack(app: FastifyInstance, id: number) {
  if ((await repo.deleteTrack(app.db, id)) === 0) throw notFound('Track');
  // The track's files (map background, audio clips) go with it; their rows went with the track.
  await app.files.removeTree(`tracks/${id}`);
  if (!app.mqtt.connected) return;
  for (const topic of [topics.trackMap(id), topics.trackStatus(id)]) {
    await app.mqtt
      .publish(topic, '', { retain: true })
      .catch((error) => app.log.warn({ err: error, topic }, 'clearing a retained topic failed'));
  }
}

export async function getTrackMap(db: Database, id: number): Promise<TrackMap | null> {
  const row = await repo.findTrackMap(db, id);
  if (!row) throw notFound('Track');
  return (row.map as TrackMap | null) ?? null;
}

/** Saves the map; it goes live on the track only with reload_map. */
export async function saveTrackMap(db: Database, id: number, map: TrackMap) {
  if (!(await writeTrackMap(db, id, map))) throw notFound('Track');
  return map;
}
