import { z } from 'zod';
import { UPDATE_DEVICE_TYPES, UPDATE_STATUSES } from '../enums.ts';
import { VERSION_PART_MAX } from '../limits.ts';
import { SN_PATTERN } from '../mqtt/topics.ts';
import { idParam, isoDateTime, pageQuery } from './common.ts';

/**
 * System updates (spec sections 5, 8, 9): update files, update records and the filename and
 * version rules. A version is `major.minor.patch`, from 1.0.0 to 99.99.99: each part at most 99,
 * digits only, no leading zero.
 */
export const UPDATE_LIMITS = {
  /** An uploaded update file: large enough for an Android APK or a robot image. */
  fileMaxBytes: 256 * 1024 * 1024,
  filenameMax: 128,
  serialMax: 64,
  reasonMax: 500,
  verificationCodeLength: 8,
} as const;

export const UPDATE_EXTENSIONS = ['zip', 'bin', 'apk'] as const;
export type UpdateExtension = (typeof UPDATE_EXTENSIONS)[number];

/** Letters, digits, `_` and inner `-`: the name part before the last `-`. */
const NAME_PART = /^[A-Za-z0-9](?:[A-Za-z0-9_-]{0,62}[A-Za-z0-9_])?$/;
const VERSION_SHAPE = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

export type VersionProblem = 'invalid_version_number';
export type FilenameProblem = 'invalid_filename_format' | VersionProblem;

/** Checks a version number: `null` when it is within 1.0.0-99.99.99. */
export function checkVersion(version: string): VersionProblem | null {
  const match = VERSION_SHAPE.exec(version);
  if (!match) return 'invalid_version_number';
  const parts = match.slice(1).map(Number);
  if (match.slice(1).some((p) => p.length > 1 && p.startsWith('0'))) return 'invalid_version_number';
  if (parts.some((p) => p > VERSION_PART_MAX)) return 'invalid_version_number';
  if (parts[0] < 1) return 'invalid_version_number';
  return null;
}

export type ParsedUpdateFilename = {
  /** The application (or firmware) name before the version. */
  name: string;
  version: string;
  extension: UpdateExtension;
  /** `name-version.bin` is a firmware image; `.zip` and `.apk` are application packages. */
  kind: 'firmware' | 'application';
};

/**
 * Spec section 9: `application-version.extension` with zip, bin or apk, and the firmware form
 * `name-version.bin`. Something that is not that shape is `invalid_filename_format`; the right
 * shape with a version part above 99 (or below 1.0.0) is `invalid_version_number`.
 */
export function parseUpdateFilename(filename: string): ParsedUpdateFilename | FilenameProblem {
  if (filename.length === 0 || filename.length > UPDATE_LIMITS.filenameMax) return 'invalid_filename_format';
  const match = /^(.+)-(\d+\.\d+\.\d+)\.([A-Za-z0-9]+)$/.exec(filename);
  if (!match) return 'invalid_filename_format';
  const [, name, version, extension] = match;
  if (!NAME_PART.test(name)) return 'invalid_filename_format';
  if (!(UPDATE_EXTENSIONS as readonly string[]).includes(extension)) return 'invalid_filename_format';
  const problem = checkVersion(version);
  if (problem) return problem;
  const ext = extension as UpdateExtension;
  return { name, version, extension: ext, kind: ext === 'bin' ? 'firmware' : 'application' };
}

export const updateVersion = z
  .string({ error: 'required' })
  .trim()
  .max(11, { error: 'invalid_version_number' })
  .refine((v) => checkVersion(v) === null, { error: 'invalid_version_number' });

/** Who installs an update: a robot (serial = its sn), a track controller, the on-site server, the ordering tablet. */
export const deviceSerial = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(UPDATE_LIMITS.serialMax, { error: 'too_long' })
  .regex(SN_PATTERN, { error: 'invalid_sn' });

export const updateIdParam = idParam;

export const updateFile = z.object({
  id: z.number().int(),
  filename: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  version: z.string(),
  kind: z.enum(['firmware', 'application']),
  uploadedAt: isoDateTime,
  /** How many update records use the file (it cannot be deleted while any does). */
  recordCount: z.number().int(),
});
export type UpdateFile = z.infer<typeof updateFile>;

/** `POST /updates/files` answers `{id, filename, size, sha256}` and the rest of the file. */
export const uploadedUpdateFile = updateFile;

export const updateRecord = z.object({
  id: z.number().int(),
  deviceType: z.enum(UPDATE_DEVICE_TYPES),
  version: z.string(),
  deviceSerial: z.string(),
  status: z.enum(UPDATE_STATUSES),
  /** Why the device failed (only with status `failed`). */
  failureReason: z.string().nullable(),
  fileId: z.number().int(),
  filename: z.string(),
  sha256: z.string(),
  size: z.number().int(),
  verificationCode: z.string(),
  rolloutId: z.number().int().nullable(),
  /** The device that fetched the file with the code: only the record's own device counts (a user's download does not). */
  downloadedBy: z.string().nullable(),
  downloadedAt: isoDateTime.nullable(),
  /** The record's device downloaded the file and then reported the record's version installed: only these open a rollout's gate. */
  verified: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type UpdateRecord = z.infer<typeof updateRecord>;

export const createUpdateRecordBody = z.strictObject({
  deviceType: z.enum(UPDATE_DEVICE_TYPES),
  version: updateVersion,
  deviceSerial,
  fileId: z.number().int().positive().max(2_147_483_647),
});
export type CreateUpdateRecordBody = z.infer<typeof createUpdateRecordBody>;

/** `PUT /updates/{id}`: any of the fields; `status: waiting_download` lets a failed record be tried again. */
export const updateUpdateRecordBody = z.strictObject({
  deviceType: z.enum(UPDATE_DEVICE_TYPES).optional(),
  version: updateVersion.optional(),
  deviceSerial: deviceSerial.optional(),
  fileId: z.number().int().positive().max(2_147_483_647).optional(),
  status: z.enum(UPDATE_STATUSES).optional(),
});
export type UpdateUpdateRecordBody = z.infer<typeof updateUpdateRecordBody>;

const filterText = z
  .string()
  .max(64)
  .refine((s) => !s.includes('\u0000'), { error: 'invalid_value' });

export const listUpdateRecordsQuery = pageQuery.extend({
  q: filterText.optional(),
  deviceType: z.enum(UPDATE_DEVICE_TYPES).optional(),
  status: z.enum(UPDATE_STATUSES).optional(),
  deviceSerial: filterText.optional(),
  rolloutId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type ListUpdateRecordsQuery = z.infer<typeof listUpdateRecordsQuery>;

export const listUpdateFilesQuery = pageQuery;

/** `GET /updates/{id}/download?code=…`: the code is required (400 without, 403 when wrong). */
export const downloadUpdateQuery = z.object({ code: z.string().max(64).optional() });
