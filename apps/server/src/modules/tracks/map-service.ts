import { open } from 'node:fs/promises';
import { MAP_BACKGROUND_TYPES, type MapBackgroundType, type MapBackgroundUpload } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { detectFileType } from '../../lib/file-type.ts';
import type { ReceivedFile } from '../../plugins/storage.ts';
import { findMapState } from './map-repository.ts';

/** Where the track's background image is stored (storage key). */
export const backgroundKey = (trackId: number) => `tracks/${trackId}/map/background`;

/** The saved and live map versions; 404 for an unknown track. */
export async function getMapState(db: Database, trackId: number) {
  const state = await findMapState(db, trackId);
  if (!state) throw notFound('Track');
  return state;
}

const isBackgroundType = (type: string): type is MapBackgroundType => (MAP_BACKGROUND_TYPES as readonly string[]).includes(type);

/**
 * Keeps the uploaded image as the track's one background (a new upload replaces it). The
 * answer's `file` names the content, for the map's `background.file`.
 */
export async function saveMapBackground(app: FastifyInstance, key: string, file: ReceivedFile): Promise<MapBackgroundUpload> {
  if (!isBackgroundType(file.type)) {
    await app.files.discard(file);
    throw new Error(`storage accepted a ${file.type} file as a map background`);
  }
  await app.files.keep(file, key);
  return { file: `${file.sha256.slice(0, 16)}.${file.type}`, type: file.type, size: file.size };
}

/** The stored image's type, read from its first bytes; undefined when there is none. */
export async function mapBackgroundType(app: FastifyInstance, key: string): Promise<MapBackgroundType | undefined> {
  if (!(await app.files.exists(key))) return undefined;
  const handle = await open(app.files.path(key), 'r');
  try {
    const head = new Uint8Array(64);
    const { bytesRead } = await handle.read(head, 0, 64, 0);
    const type = detectFileType(head.subarray(0, bytesRead));
    return isBackgroundType(type) ? type : undefined;
  } finally {
    await handle.close();
  }
}
