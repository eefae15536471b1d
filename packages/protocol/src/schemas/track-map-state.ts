import { z } from 'zod';

/**
 * Which map the track runs: `version` counts the saves (0: never saved); `liveVersion` is the
 * version `reload_map` last published and the track controller acknowledged (null: never).
 * The robots run an older map while `liveVersion` is below `version`.
 */
export const trackMapState = z.object({
  version: z.number().int().min(0),
  savedAt: z.string().nullable(),
  liveVersion: z.number().int().min(0).nullable(),
  liveAt: z.string().nullable(),
});
export type TrackMapState = z.infer<typeof trackMapState>;

export const MAP_BACKGROUND_TYPES = ['png', 'jpeg', 'webp'] as const;
export type MapBackgroundType = (typeof MAP_BACKGROUND_TYPES)[number];
/** A floor plan photo or scan; 10 MB is plenty for a 4K image. */
export const MAP_BACKGROUND_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The answer to a background upload; `file` goes into the map's `background.file`. It names
 * the content (sha256 and type), so a new image gets a new name and no browser shows a stale one.
 */
export const mapBackgroundUpload = z.object({
  file: z.string(),
  type: z.enum(MAP_BACKGROUND_TYPES),
  size: z.number().int(),
});
export type MapBackgroundUpload = z.infer<typeof mapBackgroundUpload>;

/** `GET /tracks/{id}/map/background?v=<file>`: `v` only makes the URL change with the image. */
export const mapBackgroundQuery = z.object({ v: z.string().max(256).optional() });
