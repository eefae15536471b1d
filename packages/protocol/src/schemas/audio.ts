import { z } from 'zod';
import { AUDIO_KINDS, SYSTEM_AUDIO_NAMES, TABLE_SIDES } from '../enums.ts';
import { dbId, idParam } from './common.ts';
import { storageUsage } from './storage-usage.ts';

/**
 * Limits of the audio library. A single clip is a short announcement; a ZIP batch is bounded
 * by its upload size, its entry count and its total unpacked size, declared and actual.
 */
export const AUDIO_LIMITS = {
  nameMax: 64,
  fileBytesMax: 20 * 1024 * 1024,
  zipBytesMax: 100 * 1024 * 1024,
  zipEntriesMax: 300,
  zipUnpackedBytesMax: 300 * 1024 * 1024,
} as const;

/** The audio formats a clip may have, detected from the content (magic bytes), never the extension. */
export const AUDIO_FORMATS = ['wav', 'mp3', 'm4a', 'ogg'] as const;
export type AudioFormat = (typeof AUDIO_FORMATS)[number];

export type SystemAudioName = (typeof SYSTEM_AUDIO_NAMES)[number];
export const isSystemAudioName = (name: string): name is SystemAudioName =>
  (SYSTEM_AUDIO_NAMES as readonly string[]).includes(name);
/** System clip names are reserved in any letter case: no custom clip may be called `Running`. */
export const isReservedAudioName = (name: string) => isSystemAudioName(name.trim().toLowerCase());

/** C0 and C1 controls, DEL, and the line and paragraph separators. */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;
/** Bidirectional marks, embeddings, overrides and isolates: they make a name read other than it is. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** Folder separators and `..`: a name is never a path. */
const PATH_PARTS = /[/\\]|\.\./;
/** Zero-width characters, joiners, the BOM, NBSP and other spaces, fillers, variation selectors. */
const INVISIBLE_ONLY = /^[\p{Default_Ignorable_Code_Point}\p{White_Space}\p{Cf}]+$/u;

/**
 * A clip's name: what the library shows; for system and table clips it is the system name or the
 * table name. It is a name, never a path, and it reads as it is: no control or bidi characters,
 * and not empty once invisible characters are set aside.
 */
export const audioName = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(AUDIO_LIMITS.nameMax, { error: 'too_long' })
  .refine((name) => !INVISIBLE_ONLY.test(name), { error: 'required' })
  .refine((name) => !CONTROL_CHARACTERS.test(name) && !BIDI_CONTROLS.test(name), { error: 'invalid_characters' })
  .refine((name) => !PATH_PARTS.test(name), { error: 'path_characters' });

export const audioClip = z.object({
  id: z.number().int(),
  trackId: z.number().int(),
  name: z.string(),
  kind: z.enum(AUDIO_KINDS),
  /** Table clips: the side of the track the table is on (from the map); absent for a whole table and other kinds. */
  tableSide: z.enum(TABLE_SIDES).optional(),
  format: z.enum(AUDIO_FORMATS),
  size: z.number().int(),
  /** Hex SHA-256 of the file, so a device can skip a clip it already has. */
  sha256: z.string(),
  uploadedAt: z.string(),
});
export type AudioClip = z.infer<typeof audioClip>;

/** A clip the track is expected to have and lacks: a system clip or one of the map's tables. */
export const audioSlot = z.object({
  kind: z.enum(['system', 'table']),
  name: z.string(),
  tableSide: z.enum(TABLE_SIDES).optional(),
});
export type AudioSlot = z.infer<typeof audioSlot>;

/**
 * `GET /tracks/{id}/audio`: system clips first (in the spec's order), then table clips, then
 * custom ones; and the space the track's audio takes against its quota.
 */
export const audioLibrary = z.object({ clips: z.array(audioClip), missing: z.array(audioSlot), storage: storageUsage });
export type AudioLibrary = z.infer<typeof audioLibrary>;

/** The text fields of `POST /tracks/{id}/audio` (multipart, with the file in `file`). */
export const uploadAudioFields = z.object({
  kind: z.enum(AUDIO_KINDS, { error: 'required' }),
  name: audioName,
  /** Accepted for table clips and checked against the map; the map decides the side. */
  tableSide: z.enum(TABLE_SIDES).optional(),
});
export type UploadAudioFields = z.infer<typeof uploadAudioFields>;

export const renameAudioBody = z.object({ name: audioName });
export type RenameAudioBody = z.infer<typeof renameAudioBody>;

export const trackIdParam = idParam;
export const audioParams = z.object({ id: dbId, audioId: dbId });

/** Why one entry of a ZIP batch was not taken. */
export const AUDIO_BATCH_REFUSALS = [
  'unsupported_audio_format',
  'too_large',
  'invalid_name',
  'duplicate_in_zip',
  'encrypted',
  'unreadable',
] as const;
export type AudioBatchRefusal = (typeof AUDIO_BATCH_REFUSALS)[number];

export const audioBatchEntry = z.object({ entry: z.string(), clip: audioClip });
export const audioBatchReport = z.object({
  added: z.array(audioBatchEntry),
  replaced: z.array(audioBatchEntry),
  refused: z.array(z.object({ entry: z.string(), reason: z.enum(AUDIO_BATCH_REFUSALS) })),
});
export type AudioBatchReport = z.infer<typeof audioBatchReport>;

/**
 * How a ZIP entry's file name becomes a clip (docs/decisions.md): the folder and the extension
 * are dropped; a system audio name (any case) makes a system clip; a table name of the track's
 * map makes that table's clip; anything else is a custom clip of that name.
 */
export function clipForEntryName(
  entryPath: string,
  tableNames: readonly string[],
): { kind: 'system' | 'table' | 'custom'; name: string } | null {
  const base = entryPath.split('/').pop() ?? '';
  const stem = base.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim();
  if (!audioName.safeParse(stem).success) return null;
  const system = stem.toLowerCase();
  if (isSystemAudioName(system)) return { kind: 'system', name: system };
  if (tableNames.includes(stem)) return { kind: 'table', name: stem };
  return { kind: 'custom', name: stem };
}
