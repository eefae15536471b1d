import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../limits.ts';

/** The largest value of a PostgreSQL `integer` (int4) column: `serial` ids and int4 references. */
export const INT4_MAX = 2_147_483_647;
/** The largest `bigserial` id the server hands out as a JSON number (exact in JavaScript). */
export const BIGINT_ID_MAX = Number.MAX_SAFE_INTEGER;
/** Page numbers beyond this are refused: the offset they ask for could not be read anyway. */
export const PAGE_MAX = 1_000_000;

/** Decimal digits only: no sign, no leading zero, no spaces, no hexadecimal or exponent. */
const DECIMAL_ID = /^[1-9][0-9]{0,15}$/;

/**
 * A row id bounded by its column, given as a JSON number or (path, query string) as strict
 * decimal text: `0x1`, ` 1`, `1\n`, `01` and `1e3` are refused, not read as 1.
 */
function rowId(value: z.ZodNumber) {
  return z.union([value, z.string().regex(DECIMAL_ID, { error: 'invalid_id' }).transform(Number).pipe(value)]);
}

/** An int4 row id inside a JSON body or payload. */
export const int4Id = z.number().int().min(1).max(INT4_MAX);
/** A bigserial row id inside a JSON body. */
export const bigintId = z.number().int().min(1).max(BIGINT_ID_MAX);

/** An id of an int4 (`serial`/`integer`) column: 1..2147483647. */
export const dbId = rowId(int4Id);
/** An id of a `bigserial` column (logs, audit records, commands): 1..2^53-1. */
export const bigDbId = rowId(bigintId);

/** An int4 id that only ever arrives as query-string text (strict decimal, as `dbId`'s text form). */
export const queryDbId = z.string().regex(DECIMAL_ID, { error: 'invalid_id' }).transform(Number).pipe(int4Id);

export const idParam = z.object({ id: dbId });
export const bigIdParam = z.object({ id: bigDbId });

export const isoDateTime = z.iso.datetime({ offset: true });

/** An IANA time zone name the runtime knows (`Asia/Taipei`, `UTC`): days and export times are shown in it. */
export const timeZone = z
  .string()
  .min(1)
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'invalid_time_zone' },
  );

/** `?page=1&pageSize=20`; pageSize `all` turns paging off where a list allows it. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.union([z.literal('all'), z.coerce.number().int().min(1).max(PAGE_SIZE_MAX)]).default(PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.union([z.number().int(), z.literal('all')]),
  });
}
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number | 'all' };

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string().optional(), data });
}
export type Envelope<T> = { success: true; message?: string; data: T };

export const errorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** Stable error codes; the web app translates them (locales `errors.<code>`). */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'token_expired',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'invalid_credentials',
  'user_inactive',
  'username_taken',
  'cannot_delete_self',
  'cannot_deactivate_self',
  'broker_unavailable',
  'robot_offline',
  'internal_error',
  'session_code_taken',
  'mac_taken',
  'track_name_taken',
  'track_not_found',
  'track_assigned_elsewhere',
  'track_assignment_failed',
  'map_not_saved',
  'not_a_serving_point',
  'not_a_table_point',
  'robot_not_on_track',
  'invalid_characters',
  'file_missing',
  'upload_incomplete',
  'range_not_satisfiable',
  'duplicate_table_name',
  'unknown_table',
  'unsupported_audio_format',
  'audio_name_is_table',
  'audio_name_taken',
  'audio_name_reserved',
  'not_a_table_name',
  'zip_invalid',
  'zip_unsafe_entry',
  'zip_overlapping_entries',
  'audio_quota_exceeded',
  'storage_quota_exceeded',
  'nul_character',
  'request_too_large',
  'bad_json',
  'json_too_deep',
  'cannot_grant_higher_level',
  'cannot_manage_higher_level',
  'cannot_change_own_level',
  'last_administrator',
  'password_change_required',
  'wrong_current_password',
  'wifi_password_required',
  'invalid_filename_format',
  'invalid_version_number',
  'no_verification_code',
  'wrong_verification_code',
  'too_many_wrong_codes',
  'update_file_in_use',
  'update_filename_taken',
  'update_version_mismatch',
  'update_record_not_waiting',
  'rollout_no_robots',
  'rollout_not_stopped',
  'restart_unavailable',
  'enrollment_key_invalid',
  'device_already_enrolled',
  'enrollment_identity_mismatch',
  'sn_reserved',
  'device_offline',
  'track_controller_offline',
  'shared_key_not_configured',
  'alarm_already_acknowledged',
  'alarm_not_active',
  'assignee_unknown',
  'maintenance_target_required',
  'maintenance_target_unknown',
  'maintenance_until_past',
  'maintenance_until_too_far',
  'maintenance_already_ended',
  'webhook_address_refused',
  'webhook_limit_reached',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
